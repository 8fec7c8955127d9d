//! Errors in sharding text: what is wrong and where, drawn with the same
//! caret picture as shape errors (`crate::core::error::Window`).

use std::fmt;
use std::sync::Arc;

use crate::core::error::Window;
use crate::core::span::Span;

/// Everything that can be wrong with a sharding, a mesh or a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardingErrorKind {
    /// A token other than the one the grammar needs.
    Expected {
        expected: &'static str,
        found: String,
    },
    /// The text ended too early.
    UnexpectedEnd { expected: &'static str },
    /// Text after a complete sharding.
    TrailingInput,
    /// A number beyond int64, or beyond this tool's limits.
    NumberTooLarge,
    /// A negative device id or size.
    Negative { what: &'static str },
    /// A list longer than this tool reads.
    TooManyEntries { what: &'static str, limit: usize },
    /// More devices than this tool lays out.
    TooManyDevices { limit: u64 },
    /// A tile or mesh size of 0.
    ZeroSize { what: &'static str },
    /// The device list does not fill the tile assignment (XLA's parser
    /// repeats or cuts the list; its verifier then rejects the sharding).
    DeviceCount { tiles: u64, devices: u64 },
    /// The sharding's devices against the device count given.
    DevicesGiven { sharding: u64, given: u64 },
    /// A device named twice (`HloSharding::ValidateNonTuple`).
    DuplicateDevice { device: i64 },
    /// A device id not below the device count given (`DeviceInRange`).
    DeviceOutOfRange { device: i64, num_devices: u64 },
    /// The iota's reshape does not hold as many devices as the tiles.
    IotaSize { tiles: u64, iota: u64 },
    /// `T(...)` is not a permutation of the reshape dims.
    BadPermutation,
    /// One tile on one device: XLA wants `{replicated}` or `{maximal}`.
    SingleDevice,
    /// An unknown keyword.
    UnknownKeyword { name: String },
    /// `last_tile_dims` entry that is not a subgroup type.
    UnknownSubgroup { name: String },
    /// Tile rank (without subgroup dims) against the shape's rank.
    RankMismatch { tile_rank: usize, shape_rank: usize },
    /// A tuple sharding whose leaf count differs from the shape's.
    LeafCount { shardings: usize, leaves: usize },
    /// A mesh axis named twice in a mesh.
    DuplicateMeshAxis { name: String },
    /// A mesh axis name holding a quote, which the printed named form
    /// (names between single quotes) could not show.
    QuoteInAxisName,
    /// A mesh axis used twice in a sharding or spec.
    AxisUsedTwice { name: String },
    /// An axis the mesh does not have.
    UnknownAxis { name: String },
    /// More spec entries than array dims.
    SpecTooLong { entries: usize, rank: usize },
    /// The named form's extras this tool does not read.
    Unsupported { what: &'static str },
    /// `axis_sizes=` and `axis_names=` of different lengths, or one alone.
    MeshSizesNames { sizes: usize, names: usize },
    /// A mesh's device order with more or fewer ids than positions.
    MeshDeviceCount { mesh: u64, given: u64 },
    /// A chip id twice in a mesh's device order.
    MeshDeviceTwice { device: u64 },
}

impl fmt::Display for ShardingErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ShardingErrorKind::*;
        match self {
            Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            UnexpectedEnd { expected } => {
                write!(f, "the text ends here, but {expected} should follow")
            }
            TrailingInput => write!(f, "unexpected text after the sharding"),
            NumberTooLarge => write!(f, "number out of range (XLA numbers are int64)"),
            Negative { what } => write!(f, "{what} cannot be negative"),
            TooManyEntries { what, limit } => write!(
                f,
                "more than {limit} {what}: this tool reads at most {limit} (its own limit, not XLA's)"
            ),
            TooManyDevices { limit } => write!(
                f,
                "more than {limit} devices: this tool lays out at most {limit} (its own limit, not XLA's)"
            ),
            ZeroSize { what } => write!(f, "{what} must be at least 1"),
            DeviceCount { tiles, devices } => write!(
                f,
                "the tile assignment has {tiles} tiles but {devices} devices are listed: XLA's verifier wants one device per tile"
            ),
            DevicesGiven { sharding, given } => write!(
                f,
                "the sharding uses {sharding} devices but the program has {given} (XLA's HloSharding::ValidateNonTuple: the tile assignment should have one tile per device)"
            ),
            DuplicateDevice { device } => write!(
                f,
                "device {device} is listed twice: XLA's verifier (HloSharding::ValidateNonTuple) rejects a device that is not unique"
            ),
            DeviceOutOfRange { device, num_devices } => write!(
                f,
                "device {device} is not below the {num_devices} devices given"
            ),
            IotaSize { tiles, iota } => write!(
                f,
                "the iota <=[...] numbers {iota} devices but the tile assignment has {tiles} tiles"
            ),
            BadPermutation => write!(
                f,
                "T(...) must list each reshape dim exactly once (a permutation of 0..n-1)"
            ),
            SingleDevice => write!(
                f,
                "a tile assignment with a single device: write {{replicated}} or {{maximal device=N}} (XLA's HloSharding::ValidateNonTuple)"
            ),
            UnknownKeyword { name } => write!(
                f,
                "unknown sharding keyword `{name}` (expected replicated, maximal, manual, unknown, unreduced, devices=, mesh[...])"
            ),
            UnknownSubgroup { name } => write!(
                f,
                "unknown subgroup type `{name}` (expected manual, replicated or unreduced)"
            ),
            RankMismatch { tile_rank, shape_rank } => write!(
                f,
                "the sharding cuts {tile_rank} dims but the shape has {shape_rank}: XLA's verifier wants one tile dim per array dim (subgroup dims apart)"
            ),
            LeafCount { shardings, leaves } => write!(
                f,
                "the tuple sharding has {shardings} entries but the shape has {leaves} leaves"
            ),
            DuplicateMeshAxis { name } => write!(f, "the mesh names axis '{name}' twice"),
            QuoteInAxisName => f.write_str(
                "an axis name cannot hold a quote: this tool prints each name between single quotes",
            ),
            AxisUsedTwice { name } => write!(
                f,
                "mesh axis '{name}' is used twice: an axis can cut only one dim, once"
            ),
            UnknownAxis { name } => write!(f, "the mesh has no axis '{name}'"),
            SpecTooLong { entries, rank } => write!(
                f,
                "the spec has {entries} entries but the array has {rank} dims"
            ),
            Unsupported { what } => write!(f, "{what} is not read by this tool yet"),
            MeshSizesNames { sizes: 0, names: 0 } => f.write_str(
                "axis_sizes= and axis_names= go together, as repr(mesh) prints them",
            ),
            MeshSizesNames { sizes, names } => write!(
                f,
                "axis_sizes= has {sizes} sizes but axis_names= {names} names: one size per name"
            ),
            MeshDeviceCount { mesh, given } => write!(
                f,
                "the mesh has {mesh} positions but {given} device ids are listed: one chip per position"
            ),
            MeshDeviceTwice { device } => write!(
                f,
                "device id {device} is listed twice in the mesh's device order: each position holds its own chip"
            ),
        }
    }
}

/// An error in a sharding text, with the span of the offending characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardingError {
    kind: ShardingErrorKind,
    span: Span,
    input: Arc<str>,
}

impl ShardingError {
    pub fn new(kind: ShardingErrorKind, span: Span, input: &str) -> ShardingError {
        let clamp = |mut i: usize| {
            i = i.min(input.len());
            while !input.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = clamp(span.start);
        let end = clamp(span.end).max(start);
        ShardingError {
            kind,
            span: Span::new(start, end),
            input: Arc::from(input),
        }
    }

    pub fn kind(&self) -> &ShardingErrorKind {
        &self.kind
    }

    pub fn span(&self) -> Span {
        self.span
    }

    pub fn input(&self) -> &str {
        &self.input
    }

    pub fn reason(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for ShardingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let window = Window::new(&self.input, self.span);
        writeln!(f, "{window}")?;
        write!(f, "{}:{}: {}", window.line, window.column, self.kind)
    }
}

impl std::error::Error for ShardingError {}
