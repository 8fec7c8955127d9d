//! `shard` on a 4,096-device sharding of an 8-dim array (issue 27: <= 10 ms
//! for the whole process), beside its control: explaining the same array
//! unsharded (which `shard` also does, once for the shard).

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::Criterion;
    use xla_layout_viz::core::explain::Explanation;
    use xla_layout_viz::core::sharding::{parse_sharding, shard_json, shard_parsed};
    use xla_layout_viz::core::{parse, Shape};

    const SHAPE: &str = "bf16[64,32,16,8,128,4,8,256]{7,6,5,4,3,2,1,0:T(8,128)(2,1)}";
    const SHARDING: &str = "{devices=[4,4,4,4,4,2,2,1]<=[4096]}";

    pub fn benches(c: &mut Criterion) {
        let shape = parse(SHAPE).expect("bench shape parses");
        let Shape::Array(array) = &shape else {
            panic!("one array")
        };
        let sharding = parse_sharding(SHARDING).expect("bench sharding parses");
        let mut group = c.benchmark_group("shard 4096 devices, 8 dims");
        group.bench_function("control: explain the global array", |b| {
            b.iter(|| Explanation::of(std::hint::black_box(array)).map(|e| e.factors.len()))
        });
        group.bench_function("shard report + JSON", |b| {
            b.iter(|| {
                let reports = shard_parsed(&shape, &sharding, SHARDING, None).expect("reports");
                shard_json(&sharding, &reports).map(|s| s.len())
            })
        });
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::benches);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
