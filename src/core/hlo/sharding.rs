//! An instruction's `sharding=` in a scan: its canonical text and, for
//! the instruction's result, what one device holds.
//!
//! Before partitioning an HLO module's shapes are global: the record gets
//! the shard (`per_device`, XLA's `HloSharding::TileShape` on each leaf,
//! `xla/hlo/ir/hlo_sharding.cc`) and that shard's footprint. After XLA's
//! SPMD partitioner the shapes are already one device's: the record gets
//! the global shape instead (`global`). A computation the partitioner
//! wrote is recognisable by its name: `SpmdPartitioningVisitor` builds it
//! as `computation->name() + "_spmd"` (its constructor, in
//! `xla/service/spmd/spmd_partitioner.cc`), e.g. `ENTRY %main.0_spmd`.
//! The global shape of a shard is ours: each cut dim times its number of
//! tiles, which is the partitioner's padded size when the dim was uneven.

use std::collections::HashMap;
use std::sync::Arc;

use crate::core::ast::{ArrayShape, Shape};
use crate::core::sharding::report::{leaf_shardings, shard_shape};
use crate::core::sharding::{parse_sharding, Sharding, ShardingErrorKind};
use crate::core::validate::parse;

use super::attached::Attached;
use super::facts::{FactsCache, TextHasher};
use super::instruction::Parts;
use super::scan::string_end;
use super::sdy::SdyMeshes;
use super::tables::{Number, Numbered, Tables};

/// How many distinct (shape, sharding) pairs the cache keeps.
const MAX_CACHED: usize = 1 << 14;

/// What a record says about its instruction's sharding.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShardingFacts {
    /// XLA's canonical text of the sharding; `None` when it does not read.
    pub canonical: Option<String>,
    /// Why the sharding cannot be read or does not fit the shape.
    pub error: Option<String>,
    /// One device's shape (before partitioning).
    pub per_device: Option<String>,
    /// The footprint of `per_device`, padding included.
    pub bytes_footprint_per_device: Option<u64>,
    /// The global shape (after partitioning).
    pub global: Option<String>,
}

/// Tiles along each of `rank` dims, or `None` where XLA's `TileShape`
/// leaves the shape whole without saying how it is cut (manual, unknown,
/// unreduced).
fn ways(s: &Sharding, rank: usize) -> Result<Option<Vec<u64>>, ShardingErrorKind> {
    match s {
        Sharding::Named(_) => ways(&s.classic(), rank),
        Sharding::Tiled(t) => {
            if t.data_rank() != rank {
                return Err(ShardingErrorKind::RankMismatch {
                    tile_rank: t.data_rank(),
                    shape_rank: rank,
                });
            }
            Ok(Some(t.dims[..rank].to_vec()))
        }
        Sharding::Replicated | Sharding::Maximal { .. } => Ok(Some(vec![1; rank])),
        Sharding::Manual | Sharding::Unknown | Sharding::Unreduced => Ok(None),
        Sharding::Tuple(_) => Err(ShardingErrorKind::Unsupported {
            what: "a tuple sharding for one array",
        }),
    }
}

/// The dims of `leaf` with each replaced by `f(dim, ways)`; `None` if a
/// dim is unbounded or `f` overflows.
fn map_dims(
    leaf: &ArrayShape,
    ways: &[u64],
    f: impl Fn(u64, u64) -> Option<u64>,
) -> Option<Vec<u64>> {
    leaf.dims
        .iter()
        .zip(ways)
        .map(|(d, &w)| f(d.value.extent()?, w.max(1)))
        .collect()
}

/// `shape` with its leaves replaced, in order, by `leaves`.
fn rebuild(shape: &Shape, leaves: &mut impl Iterator<Item = ArrayShape>) -> Shape {
    match shape {
        Shape::Array(_) => leaves.next().map_or_else(|| shape.clone(), Shape::Array),
        Shape::Buffer(b) => {
            let mut out = b.clone();
            if let Some(a) = leaves.next() {
                out.array = a;
            }
            Shape::Buffer(out)
        }
        Shape::Tuple(t) => {
            let mut out = t.clone();
            out.elements = t.elements.iter().map(|e| rebuild(e, leaves)).collect();
            Shape::Tuple(out)
        }
        other => other.clone(),
    }
}

/// The facts of `sharding_text` on the result `shape_text`; `partitioned`
/// when the instruction is in a computation the SPMD partitioner wrote.
pub fn sharding_facts(shape_text: &str, sharding_text: &str, partitioned: bool) -> ShardingFacts {
    compute(shape_text, sharding_text, partitioned, &mut |t| {
        super::facts::facts_of(t).bytes_footprint
    })
}

/// [`sharding_facts`], the shard's footprint from `footprint`.
fn compute(
    shape_text: &str,
    sharding_text: &str,
    partitioned: bool,
    footprint: &mut dyn FnMut(&str) -> Option<u64>,
) -> ShardingFacts {
    let sharding = match parse_sharding(sharding_text) {
        Ok(s) => s,
        Err(e) => {
            return ShardingFacts {
                error: Some(e.reason()),
                ..ShardingFacts::default()
            }
        }
    };
    let mut facts = ShardingFacts {
        canonical: Some(sharding.to_string()),
        ..ShardingFacts::default()
    };
    // An invalid shape is reported by the record's own `error`.
    let Ok(shape) = parse(shape_text) else {
        return facts;
    };
    let pairs = match leaf_shardings(&shape, &sharding) {
        Ok(p) => p,
        Err(kind) => {
            facts.error = Some(kind.to_string());
            return facts;
        }
    };
    let mut out = Vec::with_capacity(pairs.len());
    for (_, leaf, s) in pairs {
        let w = match ways(s, leaf.dims.len()) {
            Ok(w) => w,
            Err(kind) => {
                facts.error = Some(kind.to_string());
                return facts;
            }
        };
        let dims = match (&w, partitioned) {
            (None, false) => Some(
                leaf.dims
                    .iter()
                    .map(|d| d.value.extent())
                    .collect::<Option<Vec<_>>>(),
            ),
            (None, true) => None,
            (Some(w), false) => Some(map_dims(leaf, w, |d, w| Some(d.div_ceil(w)))),
            (Some(w), true) => Some(map_dims(leaf, w, u64::checked_mul)),
        };
        match dims {
            Some(Some(dims)) => out.push(shard_shape(leaf, &dims)),
            // The global size of a manual shard is not in the text.
            None => return facts,
            Some(None) => {
                facts.error = Some("a dim of the shape has no static size".to_owned());
                return facts;
            }
        }
    }
    let text = rebuild(&shape, &mut out.into_iter()).to_string();
    if partitioned {
        facts.global = Some(text);
    } else {
        facts.bytes_footprint_per_device = footprint(&text);
        facts.per_device = Some(text);
    }
    facts
}

/// The value after `key` in `line` (a `{...}` with balanced braces, or a
/// `"..."` string), e.g. `xla.sdy.meshes=` in a module header.
fn value_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)? + key.len();
    let b = line.as_bytes();
    match b.get(at)? {
        b'"' => line.get(at + 1..string_end(b, at, b.len()).saturating_sub(1)),
        b'{' => {
            let mut depth = 0usize;
            for (k, &c) in b[at..].iter().enumerate() {
                match c {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return line.get(at..=at + k);
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        _ => None,
    }
}

/// The Shardy meshes a module header names, if any.
pub(crate) fn header_meshes(header: &str) -> Option<SdyMeshes> {
    value_after(header, "xla.sdy.meshes=").map(SdyMeshes::parse)
}

/// Distinct (shape, sharding, partitioned) triples seen so far.
#[derive(Default, Debug)]
pub(crate) struct ShardingCache {
    /// Keyed by [`ShardingCache::key`]'s bytes.
    /// Each triple's facts are held as a find's table holds them
    /// ([`Attached`]), with their number in the last tables they were put
    /// in ([`Numbered`]): a find of a known triple takes no count and
    /// allocates nothing.
    map: HashMap<Box<[u8]>, Numbered<Attached>, TextHasher>,
    /// The key being looked up, built in place: a find of a sharded result
    /// allocates nothing when its facts are known.
    key: Vec<u8>,
}

impl ShardingCache {
    /// The number in `tables` of the facts of `sharding` on `shape`.
    pub(crate) fn index(
        &mut self,
        shape: &str,
        sharding: &str,
        partitioned: bool,
        shapes: &mut FactsCache,
        tables: &mut Tables,
    ) -> Number<Attached> {
        self.key.clear();
        // The shape's length first: no two (shape, sharding) pairs share
        // a key, whatever bytes they hold.
        self.key
            .extend_from_slice(&(shape.len() as u64).to_le_bytes());
        self.key.extend_from_slice(shape.as_bytes());
        self.key.push(u8::from(partitioned));
        self.key.extend_from_slice(sharding.as_bytes());
        if let Some(s) = self.map.get_mut(self.key.as_slice()) {
            return s.at(tables);
        }
        if self.map.len() >= MAX_CACHED {
            self.map.clear();
        }
        let attached = Arc::new(Attached::Sharding(compute(
            shape,
            sharding,
            partitioned,
            &mut |t| shapes.get(t).bytes_footprint,
        )));
        let mut shard = Numbered::new(attached);
        let at = shard.at(tables);
        self.map.insert(self.key.as_slice().into(), shard);
        at
    }
}

impl ShardingCache {
    /// The number in `tables` of the facts of the sharding instruction `p`
    /// gives its result `shape`: its `sharding=`, or else Shardy's
    /// `xla.sdy.sharding` in its `frontend_attributes` (with the module's
    /// `meshes`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn of_instruction(
        &mut self,
        text: &str,
        p: &Parts,
        shape: &str,
        partitioned: bool,
        meshes: Option<&SdyMeshes>,
        shapes: &mut FactsCache,
        tables: &mut Tables,
    ) -> Option<Number<Attached>> {
        let attr = |name: &[u8]| {
            p.attrs
                .iter()
                .find(|a| text.as_bytes().get(a.name.range()) == Some(name))
                .and_then(|a| text.get(a.value.range()))
        };
        if let Some(value) = attr(b"sharding") {
            return Some(self.index(shape, value, partitioned, shapes, tables));
        }
        let sdy = value_after(attr(b"frontend_attributes")?, "xla.sdy.sharding=")?;
        let converted = meshes
            .ok_or_else(|| "the module names no xla.sdy.meshes".to_owned())
            .and_then(|m| m.sharding(sdy));
        Some(match converted {
            Ok(xla) => self.index(shape, &xla, partitioned, shapes, tables),
            Err(why) => tables.push(Arc::new(Attached::Sharding(ShardingFacts {
                error: Some(format!("Shardy's sharding: {why}")),
                ..ShardingFacts::default()
            }))),
        })
    }
}
