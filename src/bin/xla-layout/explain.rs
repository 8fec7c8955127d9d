//! `explain SHAPE [--suggest] [--json]`: why the array is N times its
//! data, factor by factor; other minor_to_major orders that occupy less.
//! `--at I,J,..` adds XLA's tiling stage by stage for one element (the
//! `steps` command's report, in the same JSON object).

use xla_layout_viz::core::explain::{Explanation, SUGGESTIONS_NOTE};

use crate::common::{sizes, to_json, Failure, MappingOpts, Output, ShapeArg, Sizes};
use crate::steps::at_report;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    /// Also list other minor_to_major orders of the same dims and tiles
    /// that occupy less (XLA chooses layouts itself: this shows what a
    /// transpose, reshape or different layout assignment would save)
    #[arg(long)]
    suggest: bool,
    /// Print the explanation as one JSON object: expansion, factors,
    /// sentence, suggestions, complete
    #[arg(long)]
    json: bool,
    /// Also work through XLA's tiling stage by stage for the element at
    /// this index (dimension-number order), e.g. 2,3, arriving at its offset
    #[arg(long, value_name = "INDEX", value_parser = sizes)]
    at: Option<Sizes>,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let shape = self.shape.parse()?;
        let leaves = shape.leaves();
        let array = match leaves.as_slice() {
            [(_, only)] => *only,
            [] => return Err(Failure(format!("`{shape}` holds no array"))),
            _ => {
                return Err(Failure(format!(
                    "`{shape}` is a tuple: explain one array at a time"
                )))
            }
        };
        let e = Explanation::of(array).map_err(|e| Failure(e.to_string()))?;
        let steps = match &self.at {
            Some(Sizes(index)) => {
                let (layout, _) = MappingOpts::default().mapping(&shape)?;
                Some(at_report(&layout, index, self.json)?)
            }
            None => None,
        };
        if self.json {
            return with_steps(to_json(&e)?, steps).map(Output::Text);
        }
        let mut text = render(&e, self.suggest);
        if let Some(steps) = steps {
            text.push_str("\n\n");
            text.push_str(&steps);
        }
        Ok(Output::Text(text))
    }
}

/// The explanation's JSON object with the steps report's keys (`steps`,
/// `offset`) added, so `explain --json --at` prints one object.
fn with_steps(explanation: String, steps: Option<String>) -> Result<String, Failure> {
    let Some(steps) = steps else {
        return Ok(explanation);
    };
    let parse = |text: &str| {
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
            .map_err(|e| Failure(format!("internal error: {e}")))
    };
    let mut object = parse(&explanation)?;
    object.extend(parse(&steps)?);
    to_json(&object)
}

fn render(e: &Explanation, suggest: bool) -> String {
    let mut out = format!("{}\n", e.sentence);
    if !e.factors.is_empty() {
        let rows: Vec<[String; 6]> = e
            .factors
            .iter()
            .map(|f| {
                [
                    if f.level == 0 {
                        f.kind.unwrap_or("").to_owned()
                    } else {
                        format!("level {}", f.level)
                    },
                    f.dim.clone().unwrap_or_default(),
                    f.before.to_string(),
                    f.after.to_string(),
                    f.factor.map_or("-".to_owned(), |x| format!("{x:.4}x")),
                    f.tile_entry.to_string(),
                ]
            })
            .collect();
        let head = ["", "dim", "before", "after", "factor", "by"];
        let mut width = head.map(str::len);
        for r in &rows {
            for (w, c) in width.iter_mut().zip(r) {
                *w = (*w).max(c.len());
            }
        }
        let line = |cells: [&str; 6]| {
            let parts: Vec<String> = cells
                .iter()
                .zip(width)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect();
            format!("{}\n", parts.join("  ").trim_end())
        };
        out.push('\n');
        out.push_str(&line(head));
        for r in &rows {
            out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
        }
    }
    if suggest {
        out.push_str(&format!("\n{SUGGESTIONS_NOTE}.\n"));
        if !e.complete {
            out.push_str("Partial search: too many dims to try every order.\n");
        }
        if e.suggestions.is_empty() {
            out.push_str("No other order of these dims occupies less.\n");
        }
        for s in &e.suggestions {
            out.push_str(&format!(
                "{}  {} bytes (saves {})\n",
                s.canonical, s.bytes_footprint, s.saving_bytes
            ));
        }
    }
    out.trim_end().to_owned()
}
