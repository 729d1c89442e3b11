//! The catalog tools drawer under the graph: three tools a curator uses before publishing, each in
//! its own module: [`truncate`] (deprecate and truncate, previewed on the graph), [`compare`]
//! (what a catalog switch does to installed operators) and [`template`] (catalog image
//! templates). Closed, it takes no room: the graph toolbar's Tools menu opens it
//! (`panels::tools_menu`), and open, it shows a row of tabs to move between the tools.

pub mod compare;
pub mod template;
pub mod truncate;

use leptos::prelude::*;

use compare::DiffPanel;
use template::TemplateEditor;
use truncate::TruncatePanel;

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

/// Which catalog tool is open (from the context: the Tools menu and the drawer share it).
#[derive(Clone, Copy)]
pub struct OpenTool(pub RwSignal<Option<Tool>>);

impl OpenTool {
    /// A closed drawer, put in the context.
    pub fn provide() -> OpenTool {
        let open = OpenTool(RwSignal::new(None));
        provide_context(open);
        open
    }

    pub fn get() -> OpenTool {
        expect_context::<OpenTool>()
    }

    /// Opens `tool`, or closes it when it is the one open.
    pub fn toggle(&self, tool: Tool) {
        self.0
            .update(|o| *o = if *o == Some(tool) { None } else { Some(tool) });
    }
}

/// The drawer.
#[component]
pub fn CatalogToolsPanel() -> impl IntoView {
    let open = OpenTool::get().0;
    let tab = move |t: Tool| {
        view! {
            <button class="tab" role="tab" id=format!("lifecycle-tab-{}", t.id())
                class:active=move || open.get() == Some(t)
                aria-selected=move || (open.get() == Some(t)).to_string()
                aria-controls=move || (open.get() == Some(t)).then(|| format!("lifecycle-{}", t.id()))
                data-testid=format!("lifecycle-tab-{}", t.id())
                title=t.hint()
                on:click=move |_| open.update(|o| *o = if *o == Some(t) { None } else { Some(t) })
            >{t.label()}</button>
        }
    };
    view! {
        <section class="lifecycle" class:open=move || open.with(Option::is_some) data-testid="lifecycle-panel" aria-label="Catalog change tools">
            <div class="lifecycle-tabs">
                <span class="lifecycle-title" aria-hidden="true">"Catalog tools"</span>
                <div role="tablist" aria-label="Catalog tools" class="lifecycle-tablist">
                    {Tool::ALL.into_iter().map(tab).collect_view()}
                </div>
                {move || open.get().is_some().then(|| view! {
                    <button class="button icon close" aria-label="Close the catalog tools" title="Close" on:click=move |_| open.set(None)>"×"</button>
                })}
            </div>
            {move || open.get().map(|t| {
                let body = match t {
                    Tool::Truncate => view! { <TruncatePanel/> }.into_any(),
                    Tool::Diff => view! { <DiffPanel/> }.into_any(),
                    Tool::Template => view! { <TemplateEditor/> }.into_any(),
                };
                view! {
                    <div class="lifecycle-body" role="tabpanel" id=format!("lifecycle-{}", t.id())
                        aria-labelledby=format!("lifecycle-tab-{}", t.id())
                        data-testid=format!("lifecycle-{}", t.id()) tabindex="0">{body}</div>
                }
            })}
        </section>
    }
}
