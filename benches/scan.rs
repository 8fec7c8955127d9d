//! Scanning a generated 50 MB HLO module in one pass (target: at least
//! 200 MB/s natively); MLIR text against HLO text of the same program.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{Criterion, Throughput};
    use xla_layout_viz::core::hlo::{scan, Found, Scanner};

    /// A module shaped like a real dump: computations of fusions, dots,
    /// tuples and parameters with metadata, shardings and backend configs.
    fn module(bytes: usize) -> String {
        let mut s = String::with_capacity(bytes + 4096);
        s.push_str("HloModule jit_step, is_scheduled=true, entry_computation_layout={(f32[1024,512]{1,0:T(8,128)}, bf16[512]{0:T(512)(128)(2,1)})->f32[1024,512]{1,0:T(8,128)}}\n\n");
        let mut c = 0usize;
        while s.len() < bytes {
            s.push_str(&format!("%fused_computation.{c} (param_0.{c}: f32[1024,512], param_1.{c}: bf16[512]) -> f32[1024,512] {{\n"));
            for i in 0..40 {
                let n = c * 100 + i;
                match i % 4 {
                    0 => s.push_str(&format!("  %convert.{n} = f32[512]{{0:T(256)}} convert(bf16[512]{{0:T(512)(128)(2,1)}} %param_1.{c}), metadata={{op_type=\"convert_element_type\" op_name=\"jit(step)/convert_element_type[new_dtype=float32]\" source_file=\"/src/model.py\" source_line={n}}}\n")),
                    1 => s.push_str(&format!("  %broadcast.{n} = f32[1024,512]{{1,0:T(8,128)}} broadcast(f32[512]{{0:T(256)}} %convert.{}), dimensions={{1}}, sharding={{devices=[2,1]0,1}}\n", n - 1)),
                    2 => s.push_str(&format!("  %fusion.{n} = (f32[1024,512]{{1,0:T(8,128)}}, s32[]{{:T(256)}}) fusion(f32[1024,512]{{1,0:T(8,128)}} %param_0.{c}, f32[1024,512]{{1,0:T(8,128)}} %broadcast.{}), kind=kLoop, calls=%fused.{n}, backend_config={{\"flag_configs\":[],\"scoped_memory_configs\":[{{\"memory_space\":\"1\"}}]}}\n", n - 1)),
                    _ => s.push_str(&format!("  %dot.{n} = f32[1024,1024]{{1,0:T(8,128)}} dot(f32[1024,512]{{1,0:T(8,128)}} %param_0.{c}, f32[1024,512]{{1,0:T(8,128)}} %param_0.{c}), lhs_contracting_dims={{1}}, rhs_contracting_dims={{1}}, metadata={{op_name=\"jit(step)/dot_general\"}}\n")),
                }
            }
            s.push_str(&format!("  ROOT %add.{c} = f32[1024,512]{{1,0:T(8,128)}} add(f32[1024,512]{{1,0:T(8,128)}} %param_0.{c}, f32[1024,512]{{1,0:T(8,128)}} %param_0.{c})\n}}\n\n"));
            c += 1;
        }
        s
    }

    pub fn bench(c: &mut Criterion) {
        let text = module(50 << 20);
        let mut g = c.benchmark_group("scan");
        g.sample_size(10);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function("module_50MB_one_pass", |b| b.iter(|| scan(&text).len()));
        // The same on one thread (`scan` cuts a text this long into
        // pieces, one per core): the scanner's own speed, as in the app.
        g.bench_function("module_50MB_one_pass_one_thread", |b| {
            b.iter(|| {
                let mut sc = Scanner::new();
                sc.scan_some(&text, usize::MAX);
                sc.take_found().len()
            })
        });
        // The same module without its `sharding=` attributes: what reading
        // shardings costs a module that has none (issue 27: not slower).
        let plain = text.replace(", sharding={devices=[2,1]0,1}", "");
        g.bench_function("module_50MB_no_shardings_one_pass", |b| {
            b.iter(|| scan(&plain).len())
        });
        // The control: as many records of a find's size as the scan
        // finds, written once into one fresh vector, no scanning. What a
        // one-pass scan pays for its output alone (fresh memory, its page
        // faults), whatever the scanner does.
        let count = scan(&text).len();
        g.bench_function("control_write_finds_one_pass", |b| {
            b.iter(|| {
                let mut v: Vec<[u64; std::mem::size_of::<Found>() / 8]> = Vec::new();
                for i in 0..count {
                    v.push([i as u64; std::mem::size_of::<Found>() / 8]);
                }
                std::hint::black_box(&v);
                v.len()
            })
        });
        g.bench_function("module_50MB_chunks_of_1MB", |b| {
            b.iter(|| {
                let mut sc = Scanner::new();
                let mut n = 0;
                while !sc.scan_some(&text, 1 << 20).done {
                    n += sc.take_found().len();
                }
                n + sc.take_found().len()
            })
        });
        g.finish();

        // The JSON lines of every record of a 10 MB module: the writer
        // beside serde_json (the control: the same bytes, per-record
        // Strings), each record's members written in full and with its
        // shape's members kept from the first record of that shape (what
        // the CLI and Python's `scan` do; the first iteration fills them).
        let text = module(10 << 20);
        let found = scan(&text);
        let mut g = c.benchmark_group("scan_json");
        g.sample_size(10);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function("serde_json_10MB", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                for f in &found {
                    out.extend_from_slice(
                        serde_json::to_string(&f.record(&text)).unwrap().as_bytes(),
                    );
                    out.push(b'\n');
                }
                out.len()
            })
        });
        g.bench_function("write_json_10MB", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                for f in &found {
                    f.record(&text).write_json(&mut out);
                    out.push(b'\n');
                }
                out.len()
            })
        });
        g.bench_function("found_write_json_10MB", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                for f in &found {
                    f.write_json(&text, &mut out);
                    out.push(b'\n');
                }
                out.len()
            })
        });
        g.finish();

        // The same program's two texts (tests/fixtures/mlir/bench_mlp.*,
        // `scripts/mlir-oracle.py --bench`: one jax lowering, as MLIR and
        // as HLO), each repeated to 20 MB, scanned on one thread (a text
        // that is MLIR is read on one): the MLIR reader against the HLO
        // scanner, in the same run (issue 65: within 1.5x of HLO's MB/s).
        let mut g = c.benchmark_group("scan_mlir");
        g.sample_size(10);
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlir/");
        for name in ["bench_mlp.shardy.hlo", "bench_mlp.shardy.mlir"] {
            let one = std::fs::read_to_string(format!("{dir}{name}")).expect("bench input");
            let text = one.repeat((20 << 20) / one.len() + 1);
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.bench_function(format!("{name}_20MB_one_thread"), |b| {
                b.iter(|| {
                    let mut sc = Scanner::new();
                    sc.scan_some(&text, usize::MAX);
                    sc.take_found().len()
                })
            });
        }
        g.finish();

        // Junk that looks a little like shapes, instructions and report
        // fields: scanning must stay linear and fast on any text.
        let mut g = c.benchmark_group("scan_junk");
        g.sample_size(10);
        let mut texts: Vec<(&str, String)> = JUNK
            .iter()
            .map(|(name, unit)| (*name, junk(unit, 5 << 20)))
            .collect();
        texts.push(("random_bytes_5MB", random_text(5 << 20)));
        for (name, text) in &texts {
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.bench_function(*name, |b| b.iter(|| scan(text).len()));
        }
        g.finish();
    }

    /// `SCAN_COUNT_MIB=5 BENCH_BINARY`: one scan, on one thread, of the
    /// bench's module cut to that many MiB, and nothing else; for
    /// `valgrind --tool=callgrind --toggle-collect='*scan_once*'`, which
    /// then counts the scan's instructions alone (not the module's making).
    pub fn count(mib: usize) {
        let text = module(mib << 20);
        let n = scan_once(&text);
        println!("{n} finds in {} bytes", text.len());
    }

    #[inline(never)]
    fn scan_once(text: &str) -> usize {
        let mut sc = Scanner::new();
        sc.scan_some(text, usize::MAX);
        sc.take_found().len()
    }

    /// Units repeated to 5 MB: each stresses one way a candidate starts.
    const JUNK: &[(&str, &str)] = &[
        ("brackets_5MB", "x[1]{{("),
        ("typed_brackets_5MB", "f32[1]{{("),
        ("instruction_like_5MB", "%a = f32[1]{0} b(("),
        ("report_like_5MB", "Shape: f32[2]{0:T(\n"),
        ("lines_5MB", "u8[3]{0} = (f32[1], %x\n"),
        ("one_line_no_newline_5MB", "u8[3]{0} = (f32[1], %x "),
        ("open_brackets_5MB", "["),
        ("open_braces_5MB", "{"),
        ("open_parens_5MB", "("),
        (
            "prose_5MB",
            "The quick brown fox: size 12 = [a, b] {c} (d).\n",
        ),
    ];

    /// Random bytes (a fixed xorshift sequence) read as UTF-8, invalid
    /// sequences replaced: text that is nothing in particular.
    fn random_text(bytes: usize) -> String {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let data: Vec<u8> = (0..bytes)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 56) as u8
            })
            .collect();
        String::from_utf8_lossy(&data).into_owned()
    }

    fn junk(unit: &str, bytes: usize) -> String {
        unit.repeat(bytes / unit.len() + 1)
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::bench);
/// `criterion_main!`, with the count mode of [`native::count`] first.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Some(mib) = std::env::var("SCAN_COUNT_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return native::count(mib);
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}

#[cfg(target_arch = "wasm32")]
fn main() {}
