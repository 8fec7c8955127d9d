//! Explaining an 8-dim layout, suggestions included (all 40320
//! minor_to_major orders): issue 8 asks for well under 50 ms.
//! Native only, like the other benches (criterion is not built for wasm).

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::Criterion;
    use xla_layout_viz::core::explain::Explanation;
    use xla_layout_viz::core::{parse, Shape};

    pub fn bench(c: &mut Criterion) {
        let Ok(Shape::Array(a)) = parse("bf16[3,1,5,7,1,64,9,130]{7,6,5,4,3,2,1,0:T(8,128)(2,1)}")
        else {
            panic!("bench shape must parse");
        };
        c.bench_function("explain 8 dims with suggestions", |b| {
            b.iter(|| Explanation::of(std::hint::black_box(&a)).map(|e| e.suggestions.len()))
        });
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::bench);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
