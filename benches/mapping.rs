//! Throughput of the mapping on the shapes issue 2 names.
//!
//! Targets: memory-order walk >= 300 M elements/s, random `offset_of`
//! >= 50 M/s, natively.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{Criterion, Throughput};
    use std::hint::black_box;
    use std::time::Duration;
    use xla_layout_viz::core::{parse, Mapping};

    pub const SHAPES: [&str; 2] = [
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "f32[1024,1024]{0,1:T(8,128)}",
    ];

    fn mapping(text: &str) -> Mapping {
        let shape = parse(text).expect("bench shapes are valid");
        let (_, leaf) = shape.leaves()[0];
        Mapping::new(&leaf.layout().expect("valid layout")).expect("mappable")
    }

    /// xorshift64: a repeatable stream of `n` pseudo-random indices, stored
    /// flat (one after the other) so that the benchmark measures the
    /// lookups rather than chasing a heap pointer per index.
    fn random_indices(m: &Mapping, n: usize) -> Vec<u64> {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        (0..n)
            .flat_map(|_| m.dims().to_vec())
            .map(|d| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % d
            })
            .collect()
    }

    pub fn benches(c: &mut Criterion) {
        for text in SHAPES {
            let m = mapping(text);
            let mut walk = c.benchmark_group(format!("memory_walk {text}"));
            walk.throughput(Throughput::Elements(m.footprint()));
            walk.sample_size(10)
                .measurement_time(Duration::from_secs(10));
            walk.bench_function("checksum", |b| b.iter(|| black_box(m.checksum())));
            walk.finish();

            let n = 1 << 16;
            let indices = random_indices(&m, n);
            let indices = || indices.chunks_exact(m.num_dims());
            let mut lookups = c.benchmark_group(format!("offset_of {text}"));
            lookups.throughput(Throughput::Elements(n as u64));
            lookups.bench_function("random", |b| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for index in indices() {
                        acc = acc.wrapping_add(m.offset_of(black_box(index)).unwrap_or(0));
                    }
                    acc
                })
            });
            let offsets: Vec<u64> = indices().filter_map(|i| m.offset_of(i)).collect();
            lookups.bench_function("at (inverse)", |b| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for &o in &offsets {
                        if let Some(xla_layout_viz::core::Cell::Element(e)) = m.at(black_box(o)) {
                            acc = acc.wrapping_add(e);
                        }
                    }
                    acc
                })
            });
            lookups.finish();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::benches);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
