//! The Tools menu of the graph toolbar: it opens the curator tools that sit under the graph
//! only while in use (deprecate & truncate, compare catalogs, the catalog image template, the
//! template studio), so that closed they take none of the graph's room. Each item shows
//! whether its tool is open, and a second choice closes it. The menu's keyboard behaviour and
//! look are the export menu's.
//!
//! Test hooks: the button `tools-menu-button` (with `aria-expanded`), the menu `tools-menu`,
//! its items `tools-truncate`, `tools-diff`, `tools-template`, `tools-studio` (`aria-checked`).

use leptos::html;
use leptos::prelude::*;

use crate::panels::catalog_tools::{OpenTool, Tool};
use crate::panels::export::close_on_outside_click;
use crate::panels::export::menu::Menu;
use crate::state::templates::TemplateStudio;

#[component]
pub fn ToolsMenu() -> impl IntoView {
    let menu = Menu::new();
    let root = NodeRef::<html::Div>::new();
    close_on_outside_click(menu, root);
    let tools = OpenTool::get();
    let studio = TemplateStudio::get();
    let item = move |t: Tool| {
        view! {
            <button type="button" role="menuitemcheckbox" class="export-item" data-testid=format!("tools-{}", t.id())
                aria-checked=move || (tools.0.get() == Some(t)).to_string()
                title=t.hint()
                on:click=move |_| { tools.toggle(t); menu.close(true); }>
                {t.label()}
            </button>
        }
    };
    view! {
        <div class="export-menu tools-menu" node_ref=root on:keydown=move |e| menu.on_key(&e)>
            <button class="button" type="button" node_ref=menu.button data-testid="tools-menu-button"
                aria-haspopup="menu" aria-controls="tools-menu"
                aria-expanded=move || menu.open.get().to_string()
                title="Curator tools, opened under the graph: deprecate & truncate, compare catalogs, catalog image template, template studio"
                on:click=move |_| menu.toggle()>
                "Tools ▾"
            </button>
            <div class="export-popover tools-popover" id="tools-menu" hidden=move || !menu.open.get() data-testid="tools-menu">
                <div role="menu" aria-label="Tools" class="export-items" node_ref=menu.items>
                    {Tool::ALL.into_iter().map(item).collect_view()}
                    <div role="separator" class="export-sep"></div>
                    <button type="button" role="menuitemcheckbox" class="export-item" data-testid="tools-studio"
                        aria-checked=move || studio.open.get().to_string()
                        title="Edit a catalog template and see the graph it renders"
                        on:click=move |_| { studio.open.update(|o| *o = !*o); menu.close(true); }>
                        "Template studio"
                    </button>
                </div>
            </div>
        </div>
    }
}
