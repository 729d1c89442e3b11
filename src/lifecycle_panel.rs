//! The lifecycle drawer under the graph (issue 6): three tools a curator uses before publishing,
//! each in its own module: [`crate::truncate_panel`] (deprecate and truncate, previewed on the
//! graph), [`crate::diff_panel`] (what a catalog switch does to installed operators) and
//! [`crate::template_editor`] (catalog image templates). Closed, it is one row of tabs.

use leptos::prelude::*;

use crate::diff_panel::DiffPanel;
use crate::template_editor::TemplateEditor;
use crate::truncate_panel::TruncatePanel;

/// Which tool is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Truncate,
    Diff,
    Template,
}

impl Tool {
    pub const ALL: [Tool; 3] = [Tool::Truncate, Tool::Diff, Tool::Template];

    pub fn label(self) -> &'static str {
        match self {
            Tool::Truncate => "Deprecate & truncate",
            Tool::Diff => "Compare catalogs",
            Tool::Template => "Catalog image template",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Tool::Truncate => "truncate",
            Tool::Diff => "diff",
            Tool::Template => "template",
        }
    }

    pub fn hint(self) -> &'static str {
        match self {
            Tool::Truncate => "Deprecate a bundle and cut the graph below it (opm deprecatetruncate, in FBC); preview and download the new catalog",
            Tool::Diff => "Load the next catalog (e.g. the next OpenShift version's) and see what the switch does to every installed bundle",
            Tool::Template => "Resolve a CatalogSource image template with a cluster's versions, as OLM does",
        }
    }
}

/// The drawer.
#[component]
pub fn LifecyclePanel() -> impl IntoView {
    let open: RwSignal<Option<Tool>> = RwSignal::new(None);
    view! {
        <section class="lifecycle" class:open=move || open.with(Option::is_some) data-testid="lifecycle-panel" aria-label="Catalog lifecycle tools">
            <div class="lifecycle-tabs" role="tablist">
                <span class="lifecycle-title">"Lifecycle"</span>
                {Tool::ALL.into_iter().map(|t| view! {
                    <button
                        class="tab"
                        role="tab"
                        class:active=move || open.get() == Some(t)
                        aria-selected=move || (open.get() == Some(t)).to_string()
                        data-testid=format!("lifecycle-tab-{}", t.id())
                        title=t.hint()
                        on:click=move |_| open.update(|o| *o = if *o == Some(t) { None } else { Some(t) })
                    >{t.label()}</button>
                }).collect_view()}
                {move || open.get().is_some().then(|| view! {
                    <button class="button icon close" aria-label="Close the lifecycle tools" title="Close" on:click=move |_| open.set(None)>"×"</button>
                })}
            </div>
            {move || open.get().map(|t| {
                let body = match t {
                    Tool::Truncate => view! { <TruncatePanel/> }.into_any(),
                    Tool::Diff => view! { <DiffPanel/> }.into_any(),
                    Tool::Template => view! { <TemplateEditor/> }.into_any(),
                };
                view! { <div class="lifecycle-body" role="tabpanel" data-testid=format!("lifecycle-{}", t.id())>{body}</div> }
            })}
        </section>
    }
}
