//! Sizes over random layouts, element types and `E(n)`: the footprint is
//! counted by the brute-force reference (`mapping_reference/`, which pads,
//! reshapes and transposes cells literally), the data from the element
//! count; padding by source must add up to footprint minus data, in bits.

use crate::layout_cases;
use crate::mapping_reference;

use layout_cases::{case, tiles, Case};
use mapping_reference::reference;
use proptest::prelude::*;
use proptest::sample::select;
use xla_layout_viz::core::{ArrayLayout, DimSize, ElementType, LayoutAttributes, Mapping, Stats};

fn layout(c: &Case, ty: ElementType, e: u64) -> ArrayLayout {
    let tiles = tiles(&c.tiles);
    let dims = c.dims.iter().map(|&d| DimSize::Static(d)).collect();
    let attrs = LayoutAttributes {
        tail_padding_alignment: c.align,
        element_size_bits: e,
        ..LayoutAttributes::default()
    };
    ArrayLayout::new(ty, dims, Some(c.m2m.clone()), tiles, attrs).unwrap()
}

fn stats(c: &Case, l: &ArrayLayout) -> Stats {
    let mapping = match &c.padded {
        None => Mapping::new(l),
        Some(p) => Mapping::with_padded_dims(l, p),
    }
    .unwrap();
    Stats::new(l, &mapping).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn data_never_exceeds_footprint_and_padding_adds_up(
        c in case(4, 7, 3),
        ty in select(ElementType::ALL.to_vec()),
        e in prop_oneof![2 => Just(0u64), 1 => 1u64..=64],
    ) {
        let l = layout(&c, ty, e);
        let s = stats(&c, &l);
        let dims: Vec<usize> = c.dims.iter().map(|&d| d as usize).collect();
        let padded: Option<Vec<usize>> =
            c.padded.as_ref().map(|p| p.iter().map(|&d| d as usize).collect());
        let cells = reference(&dims, padded.as_deref(), &c.m2m, &c.tiles, c.align as usize)
            .cells
            .len() as u128;
        let elements: u128 = c.dims.iter().map(|&d| u128::from(d)).product();
        // The type's storage: ByteSizeOfPrimitiveType whole bytes.
        let storage = u128::from(ty.bit_width().div_ceil(8) * 8);
        let stored = if e == 0 { storage } else { u128::from(e) };
        let data = if e != 0 && u128::from(e) < storage { u128::from(e) } else { storage };
        prop_assert_eq!(s.bits_footprint(), cells * stored);
        prop_assert_eq!(s.bits_data(), elements * data);
        prop_assert_eq!(u128::from(s.bytes_footprint), (cells * stored).div_ceil(8));
        prop_assert_eq!(u128::from(s.bytes_data), (elements * data).div_ceil(8));
        prop_assert!(s.bytes_data <= s.bytes_footprint);
        let sum: u128 = s.padding_by_source.iter().map(|p| p.bits).sum();
        prop_assert_eq!(sum, cells * stored - elements * data);
        prop_assert_eq!(sum, s.bits_footprint() - s.bits_data());
        let cells_sum: u64 = s.padding_by_source.iter().map(|p| p.elements).sum();
        prop_assert_eq!(u128::from(cells_sum), cells - elements);
    }
}
