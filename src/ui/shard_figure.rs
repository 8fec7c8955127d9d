//! One device's shard as a whole SVG figure: `xla-layout svg --sharding`
//! (or `--mesh --spec`) `--device N`, Python's `svg(..., sharding=,
//! device=)` and the notebook widget's static figure. The shard laid out as
//! XLA lays out each partition (`render::figure`), titled as the app titles
//! it, with the device grid under it, as the app's Export SVG draws it.
//! Plain Rust, tested natively.

use crate::core::ast::Shape;
use crate::render::figure::{svg_of_mapping, FigureOptions};

use super::shard::{view, ShardView};
use super::shard_grid;

/// The figure's title: the shard, whose shard it is, and the sharding.
pub fn shard_title(v: &ShardView) -> String {
    match v.shown() {
        Some(d) => format!(
            "{}: device {}'s shard of {} ({})",
            v.report.shard,
            d.name(),
            v.report.shape,
            v.report.sharding
        ),
        None => format!(
            "{}: a shard of {} ({})",
            v.report.shard, v.report.shape, v.report.sharding
        ),
    }
}

/// The view of `shape`'s one array under `field` (what the app's sharding
/// field takes: XLA's text, a pasted `NamedSharding(..)`, or a mesh and a
/// spec, `x=4,y=2 P('x', None)`), showing the device whose id is `device`
/// (the first listed without one). Errors are sentences for people.
pub fn device_view(shape: &Shape, field: &str, device: Option<i64>) -> Result<ShardView, String> {
    let leaves = shape.leaves();
    let array = match leaves.as_slice() {
        [(_, only)] => *only,
        [] => return Err(format!("`{shape}` holds no array")),
        _ => {
            return Err(format!(
                "`{shape}` is a tuple: a shard is drawn for one array at a time"
            ))
        }
    };
    let mut v = view(shape, &[], array, field, 0).map_err(|e| e.message)?;
    if let Some(id) = device {
        let listed: Vec<i64> = v.report.devices.iter().map(|d| d.device).collect();
        v.device = listed
            .iter()
            .position(|&d| d == id)
            .ok_or_else(|| match listed.len() {
                0 => format!(
                    "the sharding {} lists no devices: give the device count with a mesh",
                    v.report.sharding
                ),
                n => format!(
                    "device {id} is not one of the sharding's {n} devices ({})",
                    v.report.sharding
                ),
            })?;
    }
    Ok(v)
}

/// The SVG document: the shown device's shard, the device grid below it.
pub fn shard_svg(v: &ShardView, options: &FigureOptions) -> String {
    let inner = svg_of_mapping(&v.shard.mapping, &shard_title(v), options);
    with_grid(&inner, v).unwrap_or(inner)
}

/// `svg` (a whole document) in an outer figure with the device grid of
/// `v` below it; `None` when `svg` has no readable size.
pub fn with_grid(svg: &str, v: &ShardView) -> Option<String> {
    let (w, h) = svg_size(svg)?;
    let grid = shard_grid::layout(v);
    let (gw, gh) = (w.max(shard_grid::WIDTH + 20.0), h + grid.height + 40.0);
    let body = svg
        .trim_start_matches(|c| c != '<')
        .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .trim();
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{gw}\" height=\"{gh}\" viewBox=\"0 0 {gw} {gh}\">{body}{}</svg>\n",
        shard_grid::svg_group(v, 10.0, h + 30.0)
    ))
}

/// The `width` and `height` of the SVG's root element.
pub fn svg_size(svg: &str) -> Option<(f64, f64)> {
    let root = &svg[svg.find("<svg")?..];
    let head = &root[..root.find('>')?];
    let attr = |name: &str| -> Option<f64> {
        let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
        let rest = &head[at..];
        rest[..rest.find('"')?].parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse;

    fn figure(shape: &str, field: &str, device: Option<i64>) -> Result<String, String> {
        let s = parse(shape).unwrap();
        let v = device_view(&s, field, device)?;
        Ok(shard_svg(&v, &FigureOptions::default()))
    }

    #[test]
    fn the_figure_draws_the_devices_shard_and_the_grid() {
        // {devices=[4,2]<=[2,4]T(1,0)} lists devices 0,4,1,5,..: device 5
        // is the fourth entry, tile (1,1), rows 4..8 and columns 4..8.
        let svg = figure("f32[16,8]{1,0}", "{devices=[4,2]<=[2,4]T(1,0)}", Some(5)).unwrap();
        assert!(
            svg.contains("f32[4,4]{1,0}: device 5&apos;s shard of f32[16,8]{1,0}"),
            "{}",
            &svg[..600.min(svg.len())]
        );
        assert!(svg.contains("class=\"device-grid\""));
        assert_eq!(svg.matches("<svg").count(), 2);
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn a_device_that_is_not_listed_is_an_error() {
        let e = figure("f32[16,8]", "{devices=[4,1]<=[4]}", Some(4)).unwrap_err();
        assert!(
            e.contains("device 4 is not one of the sharding's 4 devices"),
            "{e}"
        );
        let e = figure("f32[16,8]", "{replicated}", Some(0)).unwrap_err();
        assert!(e.contains("lists no devices"), "{e}");
        // With a mesh, P() lists the mesh's devices.
        assert!(figure("f32[16,8]", "x=2,y=4 P()", Some(7)).is_ok());
        let e = figure("(f32[2], f32[2])", "{replicated}", None).unwrap_err();
        assert!(e.contains("tuple"), "{e}");
    }

    #[test]
    fn hostile_text_in_the_title_is_escaped() {
        // XLA's named form prints its axis names: user text in the title
        // and the grid's heading.
        let field = "{mesh['a<img onerror=1>'=2], [{'a<img onerror=1>'}]}";
        let svg = figure("f32[8]", field, Some(1)).unwrap();
        assert!(!svg.contains("<img"), "{svg}");
        assert!(svg.contains("&lt;img onerror=1&gt;"));
    }
}
