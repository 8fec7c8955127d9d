//! The sharding field: what it may hold (XLA's text, a pasted
//! `NamedSharding(..)`, or JAX's mesh and spec, `x=4,y=2 P('x', None)`),
//! and what the page shows for one device: its report, the device grid's
//! blocks, and the shard drawn in place of the global array.
//!
//! Plain Rust, tested natively.

use crate::core::ast::{ArrayShape, Shape};
use crate::core::sharding::jax::{
    from_mesh_spec, from_named_sharding_repr, parse_mesh, parse_named_sharding_repr, JaxError, Mesh,
};
use crate::core::sharding::report::{apply_chips, leaf_shardings, shard_report, shard_shape};
use crate::core::sharding::{parse_sharding, ShardFailure, ShardReport, Sharding, ShardingError};
use crate::core::Analysis;

use super::model::InputError;

/// What the page needs of shardings. The app registers it ([`enable`])
/// when it starts, so that the embed module, which never does, leaves the
/// sharding code out (it would cost the embed module 56 KB gzipped).
#[derive(Clone, Copy)]
pub struct Support {
    pub view: ViewFn,
    /// The canonical sharding of a pasted instruction, if it has one.
    pub from_instruction: fn(&str) -> Option<String>,
}

/// [`view`]'s signature.
pub type ViewFn = fn(&Shape, &[usize], &ArrayShape, &str, usize) -> Result<ShardView, InputError>;

static SUPPORT: std::sync::OnceLock<Support> = std::sync::OnceLock::new();

/// Turns shardings on for this page (the app; tests).
pub fn enable() {
    SUPPORT.get_or_init(|| Support {
        view,
        from_instruction: super::shard_state::instruction_sharding,
    });
}

/// The registered support, if the page reads shardings.
pub fn support() -> Option<Support> {
    SUPPORT.get().copied()
}

/// How many blocks the device grid draws at most.
pub const MAX_BLOCKS: usize = 256;
/// The most devices the page lists (the core allows 2^20; a page listing
/// a million devices would take seconds and hundreds of MB).
pub const MAX_PAGE_DEVICES: u64 = 1 << 16;

/// One block of the device grid: a tile of the global array and the
/// devices that hold it (more than one when replicated).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub tile: Vec<u64>,
    pub devices: Vec<i64>,
    /// `[start, limit)` along each dim of the global array.
    pub ranges: Vec<[u64; 2]>,
    pub elements: u64,
    /// Index of its first device in the report's devices.
    pub first: usize,
}

/// The drawn leaf under its sharding.
#[derive(Clone, Debug)]
pub struct ShardView {
    pub report: ShardReport,
    /// The global leaf's dims.
    pub global_dims: Vec<u64>,
    /// Which of `report.devices` is shown.
    pub device: usize,
    /// Tiles in the order of the devices' tile positions.
    pub blocks: Vec<Block>,
    /// The shard, laid out (every device's has the same shape).
    pub shard: Analysis,
    pub shard_array: ArrayShape,
}

impl ShardView {
    /// The shown device's entry, if the sharding lists devices.
    pub fn shown(&self) -> Option<&crate::core::sharding::report::DeviceEntry> {
        self.report.devices.get(self.device)
    }

    /// Where the shown device's shard starts in the global array.
    pub fn origin(&self) -> Vec<u64> {
        match self.shown() {
            Some(d) => d.ranges.iter().map(|r| r[0]).collect(),
            None => vec![0; self.global_dims.len()],
        }
    }
}

fn shifted(e: &ShardingError, by: usize) -> InputError {
    let span = e.span();
    InputError {
        message: e.to_string(),
        reason: e.reason(),
        span: (span.start + by, span.end + by),
    }
}

/// Reads the field for an array of `rank` dims: `Err` points into `text`.
pub fn read(text: &str, rank: usize) -> Result<Sharding, InputError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    if body.starts_with("NamedSharding(") {
        return from_named_sharding_repr(body, rank).map_err(|e| shifted(&e, lead));
    }
    if body.starts_with('{') {
        return parse_sharding(body).map_err(|e| shifted(&e, lead));
    }
    let (mesh, spec, at) = mesh_and_spec(body).ok_or_else(|| {
        InputError::plain(
            text,
            "write XLA's sharding ({devices=[4,1]<=[4]}), a NamedSharding(..), or a mesh and a spec: x=4,y=2 P('x', None)".to_owned(),
        )
    })?;
    from_mesh_spec(mesh, spec, rank).map_err(|e| match e {
        JaxError::Mesh(e) => shifted(&e, lead),
        JaxError::Spec(e) => shifted(&e, lead + at),
    })
}

/// JAX's mesh, then its spec (`x=4,y=2 P('x', None)`, `Mesh('x': 4)
/// PartitionSpec('x')`): both, and where the spec starts.
fn mesh_and_spec(body: &str) -> Option<(&str, &str, usize)> {
    if body.starts_with('{') || body.starts_with("NamedSharding(") {
        return None;
    }
    let at = ["PartitionSpec(", "P("]
        .iter()
        .filter_map(|p| body.find(p))
        .min()?;
    let mesh = body[..at]
        .trim_end()
        .trim_end_matches([',', ';'])
        .trim_end();
    Some((mesh, &body[at..], at))
}

/// The field's mesh, if it has one (`x=4,y=2,devices=[..] P('x')`, or
/// inside a pasted `NamedSharding(..)`): its device count, and the chips
/// of a device order written with it, for display.
fn mesh_of(text: &str) -> Option<Mesh> {
    let body = text.trim();
    if body.starts_with("NamedSharding(") {
        return parse_named_sharding_repr(body).ok().map(|(m, _)| m);
    }
    let (mesh, _, _) = mesh_and_spec(body)?;
    parse_mesh(mesh).ok()
}

/// The sharding of the leaf at `path` (a tuple sharding names one per leaf).
fn leaf_sharding<'a>(
    shape: &'a Shape,
    sharding: &'a Sharding,
    path: &[usize],
) -> Result<&'a Sharding, String> {
    leaf_shardings(shape, sharding)
        .map_err(|k| k.to_string())?
        .into_iter()
        .find(|(p, _, _)| p == path)
        .map(|(_, _, s)| s)
        .ok_or_else(|| "the sharding names no sharding for this leaf".to_owned())
}

/// The view of `array` (the leaf at `path` of `shape`) under the field's
/// `text`, showing device number `device` (clamped).
pub fn view(
    shape: &Shape,
    path: &[usize],
    array: &ArrayShape,
    text: &str,
    device: usize,
) -> Result<ShardView, InputError> {
    let sharding = read(text, array.dims.len())?;
    let one = leaf_sharding(shape, &sharding, path).map_err(|why| InputError::plain(text, why))?;
    // A mesh knows its devices: `P()` lists them all, as `shard` does.
    let mesh = mesh_of(text);
    let listed = match one.classic() {
        Sharding::Tiled(t) => Some(t.num_devices()),
        _ => mesh.as_ref().map(Mesh::size),
    };
    if let Some(n) = listed.filter(|&n| n > MAX_PAGE_DEVICES) {
        return Err(InputError::plain(
            text,
            format!(
                "{n} devices: the page lists at most {MAX_PAGE_DEVICES}; `xla-layout shard` takes up to 2^20"
            ),
        ));
    }
    let num_devices = mesh.as_ref().map(Mesh::size);
    let mut report = shard_report(array, one, text, num_devices).map_err(|e| match e {
        ShardFailure::Sharding(e) => InputError {
            message: e.to_string(),
            reason: e.reason(),
            span: (0, text.len()),
        },
        other => InputError::plain(text, other.to_string()),
    })?;
    if let Some(chips) = mesh.and_then(|m| m.device_ids) {
        apply_chips(&mut report, &chips);
    }
    let global_dims: Vec<u64> = array.dims.iter().filter_map(|d| d.value.extent()).collect();
    let shard_dims: Vec<u64> = global_dims
        .iter()
        .zip(&report.ways)
        .map(|(&d, &w)| d.div_ceil(w.max(1)))
        .collect();
    let shard_array = shard_shape(array, &shard_dims);
    let shard = Analysis::of(&shard_array).map_err(|e| InputError::plain(text, e.reason()))?;
    let blocks = blocks(&report);
    Ok(ShardView {
        device: device.min(report.devices.len().saturating_sub(1)),
        report,
        global_dims,
        blocks,
        shard,
        shard_array,
    })
}

/// The grid's blocks, the first [`MAX_BLOCKS`]: one per tile, its
/// devices in the order listed. The devices come tile by tile, the copies
/// of a tile one after another (`TileIndexForDevice`'s order), so a tile's
/// devices are neighbours.
fn blocks(report: &ShardReport) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for (k, d) in report.devices.iter().enumerate() {
        if let Some(b) = out.last_mut().filter(|b| b.tile == d.tile) {
            b.devices.push(d.device);
            continue;
        }
        match out.len() {
            MAX_BLOCKS => break,
            _ => out.push(Block {
                tile: d.tile.clone(),
                devices: vec![d.device],
                ranges: d.ranges.clone(),
                elements: d.elements,
                first: k,
            }),
        }
    }
    out
}

/// What a cell of the shard is, globally: the device's global index, or
/// `None` when the cell lies past the array's end (the partitioner's
/// padding of an uneven shard).
pub fn global_index(view: &ShardView, shard_index: &[u64]) -> Option<Vec<u64>> {
    let origin = view.origin();
    shard_index
        .iter()
        .zip(origin)
        .zip(&view.global_dims)
        .map(|((&i, o), &d)| o.checked_add(i).filter(|&g| g < d))
        .collect()
}

#[cfg(test)]
#[path = "shard_tests.rs"]
mod tests;
