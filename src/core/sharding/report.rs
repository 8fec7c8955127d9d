//! What each device holds, in bytes: the array's layout applied to one
//! device's shard (XLA lays out each partition with the array's layout),
//! with padding kept apart by source: what the partitioner adds (uneven
//! shards, `TileShape` rounding up) and what tiling adds on each shard.
//! The JSON of `xla-layout shard --json` (docs/sharding.md).

use serde::Serialize;

use super::error::{ShardingError, ShardingErrorKind};
use super::explain;
use super::grid::{grid, DeviceShard, Grid, Kind};
use super::jax::{self, JaxError, Mesh};
use super::model::Sharding;
use crate::core::analysis::Analysis;
use crate::core::array::DimSize;
use crate::core::ast::{ArrayShape, Shape};
use crate::core::error::Error;
use crate::core::span::Span;
use crate::core::validate::parse;

/// A shape or a sharding that cannot be read, or that do not fit.
#[derive(Clone, Debug)]
pub enum ShardFailure {
    Shape(Error),
    Sharding(ShardingError),
    /// In JAX's mesh or spec text.
    Jax(JaxError),
    /// Neither text is at fault (`--mesh` without `--spec`, a tuple
    /// shape with a PartitionSpec).
    Usage(String),
}

impl std::fmt::Display for ShardFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardFailure::Shape(e) => write!(f, "{e}"),
            ShardFailure::Sharding(e) => write!(f, "{e}"),
            ShardFailure::Jax(e) => write!(f, "{e}"),
            ShardFailure::Usage(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ShardFailure {}

/// One device in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceEntry {
    /// The id as written in the sharding.
    pub device: i64,
    pub tile: Vec<u64>,
    pub copy: u64,
    pub ranges: Vec<[u64; 2]>,
    /// Global elements it holds.
    pub elements: u64,
    /// Bytes of those elements' data.
    pub bytes_valid: u64,
    /// The chip's own id, when a device order came with the mesh (display
    /// only: `device` is what the sharding names).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chip: Option<u64>,
}

impl DeviceEntry {
    /// `3`, or `3 (chip 6)` when the mesh gave a device order.
    pub fn name(&self) -> String {
        match self.chip {
            Some(chip) => format!("{} (chip {chip})", self.device),
            None => self.device.to_string(),
        }
    }
}

/// Everything `shard` says about one array and its sharding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShardReport {
    /// The global shape, canonical.
    pub shape: String,
    /// The sharding, canonical (XLA's text).
    pub sharding: String,
    /// The classic form with the same devices, for the named form.
    pub classic: Option<String>,
    pub kind: &'static str,
    /// What the sharding means, in a sentence.
    pub meaning: String,
    pub ways: Vec<u64>,
    pub replication: Option<u64>,
    pub num_devices: Option<u64>,
    /// One device's array, layout included.
    pub shard: String,
    pub devices: Vec<DeviceEntry>,
    /// Bytes of the global array's data.
    pub bytes_data: u64,
    /// What one device allocates for its shard, padding included.
    pub bytes_per_device: u64,
    /// Over all devices; `null` when the device count is not known.
    pub bytes_total: Option<u64>,
    /// Partitioner padding (uneven shards) over all devices.
    pub bytes_padding_partitioner: Option<u64>,
    /// Tiling padding of every shard, over all devices.
    pub bytes_padding_tiling: Option<u64>,
    /// `bytes_total` over the data's intended copies.
    pub expansion: Option<f64>,
    pub factors: Vec<explain::ShardFactor>,
    pub sentence: String,
    pub suggestions: Vec<explain::ShardSuggestion>,
}

/// The report of `shape` (one array) under `sharding`.
pub fn shard_report(
    shape: &ArrayShape,
    sharding: &Sharding,
    sharding_text: &str,
    num_devices: Option<u64>,
) -> Result<ShardReport, ShardFailure> {
    let whole = Span::new(0, sharding_text.len());
    let locate = |kind: ShardingErrorKind| {
        ShardFailure::Sharding(ShardingError::new(kind, whole, sharding_text))
    };
    let global = Analysis::of(shape).map_err(ShardFailure::Shape)?;
    let dims: Vec<u64> = global.layout.extents().ok_or_else(|| {
        ShardFailure::Shape(Error::new(
            crate::core::error::ErrorKind::UnboundedDim { dim: 0 },
            shape.dims_span,
            &shape.to_string(),
        ))
    })?;
    let grid = grid(sharding, &dims, num_devices).map_err(locate)?;
    let shard_shape = shard_shape(shape, &grid.shard_dims);
    let shard_text = shard_shape.to_string();
    let shard = Analysis::of(&shard_shape).map_err(ShardFailure::Shape)?;
    let data_bits = global.stats.data_bits;
    let bytes = |elements: u64| ((u128::from(elements) * u128::from(data_bits)).div_ceil(8)) as u64;
    let devices: Vec<DeviceEntry> = grid
        .devices
        .iter()
        .map(|d| entry(d, bytes(d.elements)))
        .collect();
    let per_device = shard.stats.bytes_footprint;
    let shard_data = shard.stats.bytes_data;
    let counted = counted_devices(&grid);
    let bytes_total = counted.map(|n| per_device.saturating_mul(n));
    let (partitioner, tiling) = match (grid.kind, counted) {
        (Kind::Tiled | Kind::Replicated | Kind::Maximal, Some(n)) => {
            let valid: u64 = devices.iter().map(|d| d.bytes_valid).sum();
            let allocated = shard_data.saturating_mul(n);
            (
                Some(allocated.saturating_sub(valid)),
                Some((per_device - shard_data).saturating_mul(n)),
            )
        }
        _ => (None, None),
    };
    let copies = grid.replication.unwrap_or(1).max(1);
    let expansion = match (bytes_total, grid.kind) {
        (Some(total), Kind::Tiled | Kind::Replicated | Kind::Maximal)
            if global.stats.bytes_data > 0 =>
        {
            Some(total as f64 / (global.stats.bytes_data as f64 * copies as f64))
        }
        _ => None,
    };
    // The shard's tiling sentence from the analysis already made (not
    // `Explanation::of`, whose minor_to_major search is not needed here).
    let tiling_sentence =
        crate::core::explain::sentence(&shard, &crate::core::explain::factors(&shard));
    let factors = explain::factors(&grid, &dims, &shard_text, &shard, &tiling_sentence);
    let sentence = explain::sentence(&grid, &shard_text, per_device, expansion, &factors);
    let suggestions = explain::suggestions(&grid, &dims, &global.layout, bytes_total);
    Ok(ShardReport {
        shape: shape.to_string(),
        sharding: sharding.to_string(),
        classic: matches!(sharding, Sharding::Named(_)).then(|| sharding.classic().to_string()),
        kind: grid.kind.name(),
        meaning: explain::meaning(&grid),
        ways: grid.ways.clone(),
        replication: grid.replication,
        num_devices: grid.num_devices,
        shard: shard_text,
        devices,
        bytes_data: global.stats.bytes_data,
        bytes_per_device: per_device,
        bytes_total,
        bytes_padding_partitioner: partitioner,
        bytes_padding_tiling: tiling,
        expansion,
        factors,
        sentence,
        suggestions,
    })
}

/// Devices that allocate a shard: every device of a tiled sharding, each
/// listed copy of a replicated one, the one of a maximal one.
fn counted_devices(grid: &Grid) -> Option<u64> {
    match grid.kind {
        Kind::Tiled | Kind::Replicated => grid.num_devices,
        Kind::Maximal => Some(1),
        _ => None,
    }
}

fn entry(d: &DeviceShard, bytes_valid: u64) -> DeviceEntry {
    DeviceEntry {
        device: d.device,
        tile: d.tile.clone(),
        copy: d.copy,
        ranges: d.ranges.clone(),
        elements: d.elements,
        bytes_valid,
        chip: None,
    }
}

/// The global array with each dim's size replaced by the shard's
/// (`HloSharding::TileShape`); a bounded dim keeps its `<=`.
pub fn shard_shape(shape: &ArrayShape, shard_dims: &[u64]) -> ArrayShape {
    let mut out = shape.clone();
    for (dim, &size) in out.dims.iter_mut().zip(shard_dims) {
        dim.value = match dim.value {
            DimSize::Bounded(_) => DimSize::Bounded(size),
            _ => DimSize::Static(size),
        };
    }
    out
}

/// A leaf's index path, its array and its sharding.
pub type LeafSharding<'a> = (Vec<usize>, &'a ArrayShape, &'a Sharding);

/// Pairs a parsed shape's leaves with a sharding: a tuple sharding entry
/// per leaf, or one sharding for every leaf (XLA's `SingleTuple`).
pub fn leaf_shardings<'a>(
    shape: &'a Shape,
    sharding: &'a Sharding,
) -> Result<Vec<LeafSharding<'a>>, ShardingErrorKind> {
    let leaves = shape.leaves();
    match sharding {
        Sharding::Tuple(items) => {
            if items.len() != leaves.len() {
                return Err(ShardingErrorKind::LeafCount {
                    shardings: items.len(),
                    leaves: leaves.len(),
                });
            }
            Ok(leaves
                .into_iter()
                .zip(items)
                .map(|((p, a), s)| (p, a, s))
                .collect())
        }
        single => Ok(leaves.into_iter().map(|(p, a)| (p, a, single)).collect()),
    }
}

/// Parses both texts and reports every leaf.
pub fn shard_texts(
    shape_text: &str,
    sharding_text: &str,
    num_devices: Option<u64>,
) -> Result<Vec<(Vec<usize>, ShardReport)>, ShardFailure> {
    let shape = parse(shape_text).map_err(ShardFailure::Shape)?;
    let sharding = super::parse_sharding(sharding_text).map_err(ShardFailure::Sharding)?;
    shard_parsed(&shape, &sharding, sharding_text, num_devices)
}

/// [`shard_texts`] on parsed values.
pub fn shard_parsed(
    shape: &Shape,
    sharding: &Sharding,
    sharding_text: &str,
    num_devices: Option<u64>,
) -> Result<Vec<(Vec<usize>, ShardReport)>, ShardFailure> {
    let whole = Span::new(0, sharding_text.len());
    let pairs = leaf_shardings(shape, sharding)
        .map_err(|k| ShardFailure::Sharding(ShardingError::new(k, whole, sharding_text)))?;
    pairs
        .into_iter()
        .map(|(path, array, s)| Ok((path, shard_report(array, s, sharding_text, num_devices)?)))
        .collect()
}

/// The JSON `xla-layout shard --json` prints (and Python's `shard`): one
/// array's report, or for a tuple shape `{"sharding", "leaves": [{"index",
/// ...report}]}`.
pub fn shard_json(
    sharding: &Sharding,
    reports: &[(Vec<usize>, ShardReport)],
) -> serde_json::Result<String> {
    #[derive(Serialize)]
    struct Tuple<'a> {
        sharding: String,
        leaves: Vec<Leaf<'a>>,
    }
    #[derive(Serialize)]
    struct Leaf<'a> {
        index: &'a [usize],
        #[serde(flatten)]
        report: &'a ShardReport,
    }
    match reports {
        [(path, only)] if path.is_empty() => serde_json::to_string(only),
        _ => serde_json::to_string(&Tuple {
            sharding: sharding.to_string(),
            leaves: reports
                .iter()
                .map(|(index, report)| Leaf { index, report })
                .collect(),
        }),
    }
}

/// Each leaf's path (empty for one array) and report.
pub type LeafReports = Vec<(Vec<usize>, ShardReport)>;

/// What `shard` answers, the CLI's and Python's: the sharding from what
/// the user gave ([`resolve_sharding`]), every leaf's report, each device
/// named by its chip when a device order came with the mesh. A mesh (given,
/// or inside a pasted `NamedSharding(..)`) says how many devices there
/// are, so `P()` lists them all; `num_devices` must then agree with it.
pub fn shard_given(
    shape: &Shape,
    sharding: Option<&str>,
    mesh: Option<&str>,
    spec: Option<&str>,
    num_devices: Option<u64>,
) -> Result<(Sharding, LeafReports), ShardFailure> {
    let (sharding, text, mesh) = resolve_sharding(shape, sharding, mesh, spec)?;
    let num_devices = match (num_devices, mesh.as_ref().map(super::jax::Mesh::size)) {
        (Some(given), Some(size)) if given != size => {
            return Err(ShardFailure::Usage(format!(
                "the mesh has {size} devices, but the device count given is {given}"
            )))
        }
        (given, size) => given.or(size),
    };
    let mut reports = shard_parsed(shape, &sharding, &text, num_devices)?;
    if let (Some(m), [(_, array)]) = (&mesh, shape.leaves().as_slice()) {
        // On a mesh, the cuts suggested are that mesh's PartitionSpecs.
        let global = Analysis::of(array).map_err(ShardFailure::Shape)?;
        if let Some(dims) = global.layout.extents() {
            for (_, r) in &mut reports {
                r.suggestions = super::mesh_suggest::suggestions(&dims, &global.layout, m, r);
            }
        }
    }
    if let Some(chips) = mesh.and_then(|m| m.device_ids) {
        for (_, r) in &mut reports {
            apply_chips(r, &chips);
        }
    }
    Ok((sharding, reports))
}

/// Names each listed device by its chip: `chips[device]`, from a device
/// order given with the mesh (`jax_mesh`); positions outside it stay bare.
pub fn apply_chips(report: &mut ShardReport, chips: &[u64]) {
    for d in &mut report.devices {
        d.chip = usize::try_from(d.device)
            .ok()
            .and_then(|k| chips.get(k))
            .copied();
    }
}

/// The sharding from what the user gave: XLA's text, a pasted
/// `NamedSharding(..)`, or JAX's mesh + spec (which need one array, for
/// its rank). Returns it with the text errors should point into, and the
/// mesh when there was one.
pub fn resolve_sharding(
    shape: &Shape,
    sharding: Option<&str>,
    mesh: Option<&str>,
    spec: Option<&str>,
) -> Result<(Sharding, String, Option<Mesh>), ShardFailure> {
    let rank = || match shape.leaves().as_slice() {
        [(_, only)] => Ok(only.dims.len()),
        _ => Err(ShardFailure::Usage(format!(
            "`{shape}` is not one array: a PartitionSpec cuts one array at a time"
        ))),
    };
    match (sharding, mesh, spec) {
        (None, Some(mesh), Some(spec)) => {
            let m = jax::parse_mesh(mesh).map_err(|e| ShardFailure::Jax(JaxError::Mesh(e)))?;
            let entries =
                jax::parse_spec(spec).map_err(|e| ShardFailure::Jax(JaxError::Spec(e)))?;
            let s = jax::lower(&m, &entries, rank()?, spec)
                .map_err(|e| ShardFailure::Jax(JaxError::Spec(e)))?;
            let text = s.to_string();
            Ok((s, text, Some(m)))
        }
        (Some(text), None, None) if text.trim_start().starts_with("NamedSharding(") => {
            let (m, entries) =
                jax::parse_named_sharding_repr(text).map_err(ShardFailure::Sharding)?;
            let s = jax::lower(&m, &entries, rank()?, text).map_err(ShardFailure::Sharding)?;
            let canonical = s.to_string();
            Ok((s, canonical, Some(m)))
        }
        (Some(text), None, None) => {
            let s = super::parse_sharding(text).map_err(ShardFailure::Sharding)?;
            Ok((s, text.to_owned(), None))
        }
        _ => Err(ShardFailure::Usage(
            "give a sharding, or a mesh and a spec together (not both)".to_owned(),
        )),
    }
}
