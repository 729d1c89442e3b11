//! The catalog image template editor (seed "automatic catalog switching", semantics §9): a
//! CatalogSource image template and a cluster's values give the image OLM would pull, shown as
//! the CatalogSource's `ResolvedImage` status would show it, or OLM's message when it cannot
//! be resolved. Core resolves (`lifecycle::resolve_template`).
//!
//! Test hooks: `template-input`, `template-kube`, `template-ocp`, `template-olm`,
//! `template-arch`, `template-ocp-channels`, `template-dialect`, `template-resolved`,
//! `template-message` (`data-ok`).

use leptos::prelude::*;
use olm_graph_core::lifecycle::image_template::VARIABLES;
use olm_graph_core::lifecycle::{resolve_template, ClusterValues, Dialect};

/// The template a new editor starts with.
pub const EXAMPLE_TEMPLATE: &str =
    "registry.example.com/my-org/my-catalog:v{kube_major_version}.{kube_minor_version}";

fn value_input(
    label: &'static str,
    testid: &'static str,
    placeholder: &'static str,
    hint: &'static str,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label title=hint>{label}
            <input type="text" data-testid=testid placeholder=placeholder spellcheck="false"
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))/>
        </label>
    }
}

/// The editor.
#[component]
pub fn TemplateEditor() -> impl IntoView {
    let template = RwSignal::new(EXAMPLE_TEMPLATE.to_string());
    let kube = RwSignal::new("v1.29.3+6af3663".to_string());
    let ocp = RwSignal::new("4.16.2".to_string());
    let olm = RwSignal::new(String::new());
    let arch = RwSignal::new("amd64".to_string());
    let channels = RwSignal::new(String::new());
    let dialect = RwSignal::new(Dialect::Extended);
    let template_ref = NodeRef::<leptos::html::Input>::new();

    let resolution = Memo::new(move |_| {
        let opt = |s: String| Some(s).filter(|s| !s.trim().is_empty());
        let values = ClusterValues {
            kube_version: opt(kube.get()),
            olm_version: opt(olm.get()),
            ocp_version: opt(ocp.get()),
            architecture: opt(arch.get()),
            ocp_update_channels: opt(channels.get()),
        };
        resolve_template(&template.get(), &values, dialect.get())
    });
    let known = move || match dialect.get() {
        Dialect::Upstream => &VARIABLES[..3],
        Dialect::Extended => VARIABLES,
    };
    // Puts a variable at the cursor.
    let insert = move |var: &'static str| {
        let Some(input) = template_ref.get_untracked() else {
            return;
        };
        let text = input.value();
        let at = input
            .selection_start()
            .ok()
            .flatten()
            .map(|i| i as usize)
            .unwrap_or(text.encode_utf16().count());
        // Selection offsets count UTF-16 units.
        let byte = text
            .char_indices()
            .scan(0usize, |units, (i, c)| {
                let here = *units;
                *units += c.len_utf16();
                Some((i, here))
            })
            .find(|&(_, u)| u >= at)
            .map_or(text.len(), |(i, _)| i);
        let mut next = text.clone();
        next.insert_str(byte, var);
        template.set(next);
        let _ = input.focus();
    };

    view! {
        <div class="template-editor">
            <label class="wide">"CatalogSource image template"
                <input type="text" node_ref=template_ref data-testid="template-input" spellcheck="false"
                    prop:value=move || template.get()
                    on:input=move |ev| template.set(event_target_value(&ev))/>
            </label>
            <div class="variables" aria-label="Insert a variable">
                {move || known().iter().map(|v| view! {
                    <button class="chip" type="button" title=format!("Insert {v}") on:click=move |_| insert(v)>{*v}</button>
                }).collect_view()}
            </div>
            <div class="form-row">
                {value_input("Kubernetes version", "template-kube", "v1.29.3+6af3663", "fills {kube_major_version}, {kube_minor_version}, {kube_patch_version}", kube)}
                {value_input("OpenShift version", "template-ocp", "4.16.2", "fills {ocp_major_version}, {ocp_minor_version}, {ocp_patch_version}", ocp)}
                {value_input("OLM version", "template-olm", "0.28.0", "fills {olm_major_version}, {olm_minor_version}, {olm_patch_version}", olm)}
                {value_input("Architecture", "template-arch", "amd64", "fills {platform_architecture}", arch)}
                {value_input("OpenShift update channel", "template-ocp-channels", "stable-4.16", "fills {ocp_update_channels}", channels)}
                <label title="Upstream OLM knows only the three Kubernetes variables; OpenShift adds the others">"Variables of"
                    <select data-testid="template-dialect"
                        prop:value=move || if dialect.get() == Dialect::Upstream { "upstream" } else { "extended" }
                        on:change=move |ev| dialect.set(if event_target_value(&ev) == "upstream" { Dialect::Upstream } else { Dialect::Extended })>
                        <option value="extended">"OpenShift (all)"</option>
                        <option value="upstream">"upstream OLM (kube only)"</option>
                    </select>
                </label>
            </div>
            {move || {
                let r = resolution.get();
                view! {
                    <dl class="template-status">
                        <dt>"ResolvedImage"</dt>
                        <dd><code data-testid="template-resolved">{r.resolved_image.clone()}</code></dd>
                        <dt>"Message"</dt>
                        <dd class="template-message" class:ok=r.ok class:error=!r.ok data-testid="template-message" data-ok=r.ok.to_string()>
                            {r.message.clone()}
                        </dd>
                        {r.syntax_error.clone().map(|e| view! {
                            <dt>"Reference"</dt>
                            <dd class="muted" data-testid="template-syntax">{e}</dd>
                        })}
                    </dl>
                }
            }}
        </div>
    }
}
