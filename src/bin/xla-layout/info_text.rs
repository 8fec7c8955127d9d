//! `info` for people: a short aligned summary, one block per array leaf.
//! The figures are the JSON's (`Summary`); only the wording is added here.

use std::fmt::Write;

use xla_layout_viz::core::summary::{LeafSummary, PaddingCount, Summary};

/// Width of the label column.
const LABEL: usize = 18;

/// The whole summary as lines of `label  value`.
pub fn render(summary: &Summary) -> String {
    let mut out = Lines::default();
    out.row("", "canonical", &summary.canonical);
    match (&summary.array, &summary.leaves) {
        (Some(array), _) => {
            if summary.kind != "array" {
                out.row("", "kind", summary.kind);
            }
            leaf(&mut out, "", array);
        }
        (None, Some(leaves)) => {
            let count = match leaves.len() {
                1 => "1 array leaf".to_owned(),
                n => format!("{n} array leaves"),
            };
            out.row("", "kind", &format!("{}, {count}", summary.kind));
            for l in leaves {
                let path: Vec<String> = l.path.iter().map(|p| p.to_string()).collect();
                out.blank();
                out.row("", &format!("leaf {}", path.join(".")), &l.canonical);
                leaf(&mut out, "  ", &l.summary);
            }
        }
        (None, None) => out.row(
            "",
            "kind",
            &format!("{}: no dimensions and no layout", summary.kind),
        ),
    }
    out.0
}

/// One array's block; `indent` in front of every label.
fn leaf(out: &mut Lines, indent: &str, s: &LeafSummary) {
    let bits = if u64::from(s.type_bits) == s.element_bits {
        format!("{} ({} bits)", s.element_type, s.type_bits)
    } else {
        format!(
            "{} ({} bits, {} bits per element in memory)",
            s.element_type, s.type_bits, s.element_bits
        )
    };
    out.row(indent, "type", &bits);
    let mut dims = format!("[{}]", s.dims_text.join(","));
    if let Some(letters) = &s.dim_letters {
        let _ = write!(dims, "  {}", letters.join(","));
    }
    if s.true_num_dims != s.num_dims {
        let _ = write!(
            dims,
            "  ({} dims, {} of size > 1)",
            s.num_dims, s.true_num_dims
        );
    }
    out.row(indent, "dims", &dims);
    let mut m2m = format!("{{{}}}", list(&s.minor_to_major));
    if let Some(name) = s.minor_to_major_name {
        let _ = write!(m2m, "  {name}");
    }
    out.row(indent, "minor_to_major", &m2m);
    let order = match s.physical_order.as_slice() {
        [] => "none (a scalar)".to_owned(),
        order => format!("{}  (dims, major to minor)", list(order)),
    };
    out.row(indent, "physical order", &order);
    if !s.tiles.is_empty() {
        let tiles: Vec<String> = s
            .tiles
            .iter()
            .map(|t| {
                let parts: Vec<String> = t
                    .iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect();
                format!("({})", parts.join(","))
            })
            .collect();
        out.row(indent, "tiles", &tiles.join(""));
    }
    if s.tail_padding_alignment > 1 {
        out.row(
            indent,
            "tail alignment",
            &format!("L({})", s.tail_padding_alignment),
        );
    }
    out.row(
        indent,
        "memory space",
        &format!("S({}): {}", s.memory_space, s.memory_space_name),
    );
    if let Some(error) = &s.mapping_error {
        out.row(indent, "cannot lay out", error);
    }
    if let (Some(elements), Some(footprint), Some(padding)) =
        (s.elements, s.footprint_elements, s.padding_elements)
    {
        out.row(indent, "elements", &elements.to_string());
        out.row(indent, "footprint", &format!("{footprint} elements"));
        // Widened elements (`E(n)` wider than the type) add bits, not
        // cells: they are counted in bits.
        let widened = |p: &&PaddingCount| p.elements == 0 && p.bits > 0;
        let widened_bits: u128 = s
            .padding_by_source
            .iter()
            .filter(widened)
            .map(|p| p.bits)
            .sum();
        let mut pad = match (padding, widened_bits) {
            (0, 0) => "0 elements".to_owned(),
            (0, bits) => format!("{bits} bits"),
            (n, 0) => format!("{n} elements"),
            (n, bits) => format!("{n} elements + {bits} bits"),
        };
        if let Some(percent) = s.padding_percent {
            let _ = write!(pad, " ({}%)", decimal(percent));
        }
        let sources: Vec<String> = s
            .padding_by_source
            .iter()
            .map(|p| match widened(&p) {
                true => format!("{} bits from {}", p.bits, p.source),
                false => format!("{} from {}", p.elements, p.source),
            })
            .collect();
        if !sources.is_empty() {
            let _ = write!(pad, ": {}", sources.join(", "));
        }
        out.row(indent, "padding", &pad);
    }
    if let Some(expansion) = s.expansion {
        out.row(indent, "expansion", &format!("{}x", decimal(expansion)));
    }
    if let (Some(data), Some(footprint), Some(xla)) = (s.bytes_data, s.bytes_footprint, s.bytes_xla)
    {
        out.row(
            indent,
            "bytes",
            &format!("{data} data, {footprint} footprint, {xla} XLA (ShapeUtil::ArraySize)"),
        );
    }
    for w in &s.warnings {
        out.row(indent, "warning", w);
    }
    for n in &s.notes {
        out.row(indent, "note", n);
    }
}

fn list(values: &[usize]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// At most two decimals, trailing zeros dropped: 37.5, 1.6, 32.
fn decimal(x: f64) -> String {
    let text = format!("{x:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_owned()
}

#[derive(Default)]
struct Lines(String);

impl Lines {
    /// `label` padded to the label column, then `value`; a label longer
    /// than the column gets two spaces.
    fn row(&mut self, indent: &str, label: &str, value: &str) {
        if !self.0.is_empty() {
            self.0.push('\n');
        }
        let width = LABEL.saturating_sub(indent.len()).max(label.len() + 2);
        let _ = write!(self.0, "{indent}{label:<width$}{value}");
    }

    fn blank(&mut self) {
        self.0.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn decimals_drop_trailing_zeros() {
        assert_eq!(decimal(37.5), "37.5");
        assert_eq!(decimal(32.0), "32");
        assert_eq!(decimal(1.6), "1.6");
        assert_eq!(decimal(42.66666), "42.67");
    }
}
