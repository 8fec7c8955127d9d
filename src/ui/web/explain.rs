//! The summary panel's explanation: the headline sentence, the factor
//! table under it, and the layouts that occupy less (computed when asked:
//! the "Suggest layouts" button), each one click from the input.

use yew::prelude::*;

use crate::core::explain::{Factor, SUGGESTIONS_NOTE};
use crate::ui::explain::Suggested;
use crate::ui::model::Drawn;
use crate::ui::state::Action;

/// The sentence (`#explain-sentence`).
pub fn sentence(drawn: &Drawn) -> Html {
    html! {
        <p id="explain-sentence" class="explain-sentence">{ drawn.explained().sentence.clone() }</p>
    }
}

fn factor_row(f: &Factor) -> Html {
    let level = match f.kind {
        Some(kind) => kind.to_owned(),
        None => f.level.to_string(),
    };
    let factor = f
        .factor
        .map_or_else(|| "—".to_owned(), |x| format!("{x:.3}x"));
    // Breakable after each `_` (`padded_<wbr>dimensions`): whole, the
    // name made the 340 px side panel's table, and the page, 50 px too
    // wide at 1280 (issue 71).
    let pieces = level
        .split_inclusive('_')
        .map(|p| html! { <>{ p.to_owned() }<wbr /></> });
    html! {
        <tr>
            <td class="level">{ for pieces }</td>
            <td>{ f.dim.clone().unwrap_or_default() }</td>
            <td class="num">{ f.before }</td>
            <td class="num">{ f.after }</td>
            <td class="num">{ factor }</td>
            <td class="num">{ f.tile_entry }</td>
        </tr>
    }
}

/// The factor table (`#explain-factors`), when there is a factor.
pub fn factors(drawn: &Drawn) -> Html {
    let rows = &drawn.explained().factors;
    if rows.is_empty() {
        return html! {};
    }
    html! {
        <table id="explain-factors" class="factors">
            <caption>{ "Where the expansion comes from (the factors multiply to it)" }</caption>
            <thead><tr>
                <th>{ "level" }</th><th>{ "dim" }</th><th>{ "before" }</th>
                <th>{ "after" }</th><th>{ "factor" }</th><th>{ "tile entry" }</th>
            </tr></thead>
            <tbody>{ for rows.iter().map(factor_row) }</tbody>
        </table>
    }
}

/// The "Suggest layouts" button (`#suggest-button`) or, once pressed, the
/// list (`#suggestions`): each entry's button loads it into the input.
pub fn suggestions(suggested: Option<&Suggested>, dispatch: &Callback<Action>) -> Html {
    let Some(s) = suggested else {
        let ask = dispatch.reform(|_: MouseEvent| Action::Suggest);
        return html! {
            <p><button type="button" id="suggest-button" onclick={ask}>{ "Suggest layouts" }</button></p>
        };
    };
    let scope = if s.complete {
        "every minor_to_major order tried"
    } else {
        "a partial search: only the most minor positions were permuted"
    };
    html! {
        <section id="suggestions" class="suggestions">
            <h3>{ "Layouts that occupy less" }</h3>
            <p class="note">{ format!("{SUGGESTIONS_NOTE} ({scope}).") }</p>
            if s.list.is_empty() {
                <p class="muted">{ "No other order of these dims and tiles occupies less." }</p>
            } else {
                <ol>
                    { for s.list.iter().map(|g| {
                        let text = g.canonical.clone();
                        let load = dispatch.reform(move |_: MouseEvent| Action::Edit(text.clone()));
                        html! {
                            <li>
                                <button type="button" class="suggestion" onclick={load}
                                    title="Load this shape into the input">
                                    <code>{ g.canonical.clone() }</code>
                                </button>
                                { format!(" {} B, saves {} B", crate::render::scene::titles::grouped(u128::from(g.bytes_footprint)),
                                    crate::render::scene::titles::grouped(u128::from(g.saving_bytes))) }
                            </li>
                        }
                    }) }
                </ol>
            }
        </section>
    }
}
