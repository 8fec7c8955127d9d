//! How a `Shape` shows in a notebook: the static SVG figure (the one
//! `xla-layout svg` prints with its defaults), so nbconvert, GitHub's
//! notebook view and PDF exports show it without JavaScript.

use xla_layout_viz::core::Mapping;
use xla_layout_viz::render::figure::{svg_of_mapping, FigureOptions};
use xla_layout_viz::render::markup::escape;

/// The figure of one array with the CLI's default options, as `xla-layout
/// svg` prints it without the final newline; `title` is escaped by the
/// SVG backend.
pub fn figure(mapping: &Mapping, title: &str) -> String {
    let mut svg = svg_of_mapping(mapping, title, &FigureOptions::default());
    if svg.ends_with('\n') {
        svg.pop();
    }
    svg
}

/// A figure to sit inside an HTML page beside others: without the XML
/// declaration, its ids (`hatch`, `clip-logical`, ...) prefixed with a
/// hash of the figure, so two different figures on one page never share
/// an id (equal figures share equal definitions). The backend escapes
/// user text, so `id="` and `url(#` only occur as its own markup.
pub fn inline_figure(svg: &str) -> String {
    use std::hash::{Hash, Hasher};
    let body = match svg.strip_prefix("<?xml") {
        Some(rest) => rest.split_once("?>").map_or(svg, |(_, after)| after),
        None => svg,
    };
    let body = body.trim_start();
    // DefaultHasher::new() has fixed keys: the same figure, the same prefix.
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    let prefix = format!("xl{:016x}-", hasher.finish());
    body.replace("id=\"", &format!("id=\"{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
}

/// One leaf as HTML: its escaped text as a caption, then its figure
/// ([`inline_figure`]) or the escaped reason there is none.
pub fn leaf_html(canonical: &str, svg: Result<String, String>) -> String {
    let body = match svg {
        Ok(svg) => inline_figure(&svg),
        Err(reason) => format!("<p>{}</p>", escape(&reason)),
    };
    format!(
        "<figure class=\"xla-layout\"><figcaption><code>{}</code></figcaption>{body}</figure>",
        escape(canonical)
    )
}
