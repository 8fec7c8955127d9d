//! `shard SHAPE (SHARDING | --mesh M --spec S) [--devices N] [--json]`: what each device holds
//! of a sharded array, its bytes with both padding sources, and why.

use std::fmt::Write as _;

use xla_layout_viz::core::sharding::{shard_given, shard_json, ShardReport};
use xla_layout_viz::core::sizes::bytes::{binary_bytes, exact_bytes};

use crate::common::{Failure, Output, ShapeArg};

/// Devices listed in the human output before the rest are summed up.
const LISTED: usize = 16;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    /// The sharding as XLA prints it, e.g. '{devices=[4,1,2]<=[8]
    /// last_tile_dim_replicate}', or XLA's named form
    /// "{mesh['x'=4,'y'=2], [{'y'}, {'x'}]}"
    /// A notebook's `NamedSharding(mesh=Mesh(..), spec=P(..), ..)` is read
    /// too. Leave it out to give --mesh and --spec instead
    #[arg(value_name = "SHARDING", required_unless_present = "mesh")]
    sharding: Option<String>,
    /// JAX's mesh, e.g. x=4,y=2, or as a notebook prints it (with --spec;
    /// device ids are positions in the mesh's device list, as in the HLO
    /// JAX emits). A device order may follow, 'x=4,y=2,devices=[0,2,4,6,1,3,5,7]'
    /// or device_ids= as print(mesh.device_ids) shows it: each device is
    /// then also named by its chip
    #[arg(
        long,
        value_name = "MESH",
        requires = "spec",
        conflicts_with = "sharding"
    )]
    mesh: Option<String>,
    /// JAX's PartitionSpec, e.g. "'x', None" or "P(('x','y'), None)"
    #[arg(long, value_name = "SPEC", requires = "mesh")]
    spec: Option<String>,
    /// The program's device count: lists the devices of {replicated}
    /// and checks the other forms against it
    #[arg(long, value_name = "N")]
    devices: Option<u64>,
    /// Print one JSON object (docs/sharding.md, "xla-layout shard --json")
    #[arg(long)]
    json: bool,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let shape = self.shape.parse()?;
        let (sharding, reports) = shard_given(
            &shape,
            self.sharding.as_deref(),
            self.mesh.as_deref(),
            self.spec.as_deref(),
            self.devices,
        )
        .map_err(|e| Failure(e.to_string()))?;
        if self.json {
            return shard_json(&sharding, &reports)
                .map(Output::Text)
                .map_err(|e| Failure(format!("internal error: cannot print JSON: {e}")));
        }
        let mut out = String::new();
        for (path, report) in &reports {
            if !path.is_empty() {
                let _ = writeln!(out, "leaf {path:?}:");
            }
            render(&mut out, report);
        }
        Ok(Output::Text(out.trim_end().to_owned()))
    }
}

fn render(out: &mut String, r: &ShardReport) {
    let _ = writeln!(out, "{} sharded {}", r.shape, r.sharding);
    if let Some(classic) = &r.classic {
        let _ = writeln!(out, "  = {classic}");
    }
    let _ = writeln!(out, "  {}", r.meaning);
    let _ = writeln!(out, "  one device's shard: {}", r.shard);
    if !r.devices.is_empty() {
        let chips = r.devices.iter().any(|d| d.chip.is_some());
        let _ = writeln!(
            out,
            "\n  {:>8}  {:<12} {:<28} {:>12} {:>12} {:>18}{}",
            "device",
            "tile",
            "holds",
            "elements",
            "valid",
            "valid, exact",
            if chips { "  chip" } else { "" }
        );
        for d in r.devices.iter().take(LISTED) {
            let tile = d
                .tile
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",");
            let tile = if r.replication.unwrap_or(1) > 1 {
                format!("{tile} #{}", d.copy)
            } else {
                tile
            };
            let ranges = if d.elements == 0 {
                "nothing".to_owned()
            } else {
                d.ranges
                    .iter()
                    .map(|[s, e]| format!("[{s},{e})"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let _ = writeln!(
                out,
                "  {:>8}  {:<12} {:<28} {:>12} {:>12} {:>18}{}",
                d.device,
                tile,
                ranges,
                d.elements,
                binary_bytes(d.bytes_valid),
                exact_bytes(d.bytes_valid),
                d.chip.map(|c| format!("  {c:>4}")).unwrap_or_default()
            );
        }
        if r.devices.len() > LISTED {
            let rest = &r.devices[LISTED..];
            let empty = rest.iter().filter(|d| d.elements == 0).count();
            let _ = writeln!(
                out,
                "  ... {} more devices ({empty} of them hold nothing)",
                rest.len()
            );
        }
    }
    let _ = writeln!(out);
    let _ = write!(
        out,
        "  bytes: data {}, per device {}",
        both(r.bytes_data),
        both(r.bytes_per_device)
    );
    if let Some(total) = r.bytes_total {
        let _ = write!(out, ", all devices {}", both(total));
    }
    let _ = writeln!(out);
    if let (Some(p), Some(t)) = (r.bytes_padding_partitioner, r.bytes_padding_tiling) {
        let _ = writeln!(
            out,
            "  padding over all devices: partitioner {}, tiling {}",
            binary_bytes(p),
            binary_bytes(t)
        );
    }
    let _ = writeln!(out, "  {}", r.sentence);
    for f in &r.factors {
        let _ = writeln!(out, "    - {}", f.text);
    }
    if !r.suggestions.is_empty() {
        let _ = writeln!(
            out,
            "  would take less (this tool's search over the same devices, not XLA's):"
        );
        for s in &r.suggestions {
            let _ = writeln!(out, "    - {}  {}", s.text, s.sharding);
        }
    } else if r.kind == "tiled" && r.expansion.is_some_and(|x| x > 1.0001) {
        let _ = writeln!(
            out,
            "  no other cut over these devices (one dim or two) wastes less"
        );
    }
    let _ = writeln!(out);
}

/// `1.00 MiB (1,048,576 B)`: rounded for reading, exact to tell apart;
/// `36 B` below a KiB, where the two are the same.
fn both(n: u64) -> String {
    if n < 1024 {
        return binary_bytes(n);
    }
    format!("{} ({})", binary_bytes(n), exact_bytes(n))
}
