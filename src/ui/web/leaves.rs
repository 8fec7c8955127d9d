//! The tuple's leaves as a tree: pick the one to draw.

use yew::prelude::*;

use super::shared::Shared;
use crate::ui::model::Model;
use crate::ui::state::Action;

#[derive(Properties, PartialEq)]
pub struct LeafTreeProps {
    pub model: Shared<Model>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn LeafTree(props: &LeafTreeProps) -> Html {
    let drawn = props.model.drawn.as_ref().map(|d| d.path.clone());
    html! {
        <section id="leaf-tree" class="panel leaves">
            <h2>{ "Tuple leaves" }</h2>
            <ul role="tree">
                { for props.model.leaves.iter().map(|leaf| {
                    let path = leaf.path.clone();
                    let selected = drawn.as_ref() == Some(&leaf.path);
                    let onclick = props.dispatch.reform(move |_: MouseEvent| Action::Leaf(path.clone()));
                    let name = leaf.path.iter().map(usize::to_string).collect::<Vec<_>>().join(".");
                    let indent = format!("padding-left: {}em", leaf.path.len().saturating_sub(1));
                    html! {
                        <li role="treeitem" aria-selected={selected.to_string()} style={indent}>
                            <button type="button" class={classes!("leaf", selected.then_some("selected"))}
                                data-leaf={name.clone()} disabled={leaf.not_drawable.is_some()}
                                title={leaf.not_drawable.clone().unwrap_or_default()} {onclick}>
                                <span class="leaf-path">{ format!("{{{name}}}") }</span>
                                <code>{ leaf.canonical.clone() }</code>
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
