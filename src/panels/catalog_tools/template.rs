//! The catalog image template editor (docs/spec/olm.md §9): a CatalogSource image template and a
//! cluster's values give the image OLM would pull, shown as the CatalogSource's
//! `ResolvedImage` status would show it, or OLM's message when it cannot be resolved. Core
//! resolves (`change::resolve_template`). What is typed is kept in this browser
//! (`services::persist`) and comes back when the editor opens again.
//!
//! Test hooks: `template-input`, `template-kube`, `template-ocp`, `template-olm`,
//! `template-arch`, `template-ocp-channels`, `template-dialect`, `template-resolved`,
//! `template-message` (`data-ok`).

use leptos::prelude::*;
use olm_graph_core::change::image_template::VARIABLES;
use olm_graph_core::change::{resolve_template, ClusterValues, Dialect, Resolution};
use serde::{Deserialize, Serialize};

use crate::services::persist;
use crate::state::Stores;

/// The template a new editor starts with.
pub const EXAMPLE_TEMPLATE: &str =
    "registry.example.com/my-org/my-catalog:v{kube_major_version}.{kube_minor_version}";

/// `text` with `insert` put at the UTF-16 offset `at` (a selection offset of an input).
pub fn insert_at_utf16(text: &str, at: usize, insert: &str) -> String {
    let byte = text
        .char_indices()
        .scan(0usize, |units, (i, c)| {
            let here = *units;
            *units += c.len_utf16();
            Some((i, here))
        })
        .find(|&(_, u)| u >= at)
        .map_or(text.len(), |(i, _)| i);
    let mut next = text.to_string();
    next.insert_str(byte, insert);
    next
}

/// The cluster's values as typed.
#[derive(Clone, Copy)]
struct Values {
    kube: RwSignal<String>,
    ocp: RwSignal<String>,
    olm: RwSignal<String>,
    arch: RwSignal<String>,
    channels: RwSignal<String>,
}

impl Values {
    fn cluster(&self) -> ClusterValues {
        let opt = |s: RwSignal<String>| Some(s.get()).filter(|s| !s.trim().is_empty());
        ClusterValues {
            kube_version: opt(self.kube),
            olm_version: opt(self.olm),
            ocp_version: opt(self.ocp),
            architecture: opt(self.arch),
            ocp_update_channels: opt(self.channels),
        }
    }
}

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

/// The editor's inputs as kept in this browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct KeptInputs {
    template: String,
    kube: String,
    ocp: String,
    olm: String,
    arch: String,
    channels: String,
    upstream: bool,
}

impl Default for KeptInputs {
    /// What a new editor starts with.
    fn default() -> Self {
        KeptInputs {
            template: EXAMPLE_TEMPLATE.to_string(),
            kube: "v1.29.3+6af3663".to_string(),
            ocp: "4.16.2".to_string(),
            olm: String::new(),
            arch: "amd64".to_string(),
            channels: String::new(),
            upstream: false,
        }
    }
}

/// The `localStorage` name of the kept inputs.
const KEPT_FORM: &str = "image-template";

/// Keeps the inputs as they change (not the ones the editor opens with).
fn keep_inputs(template: RwSignal<String>, values: Values, dialect: RwSignal<Dialect>) {
    let kept = Stores::get().kept;
    Effect::new(move |prev: Option<()>| {
        let inputs = KeptInputs {
            template: template.get(),
            kube: values.kube.get(),
            ocp: values.ocp.get(),
            olm: values.olm.get(),
            arch: values.arch.get(),
            channels: values.channels.get(),
            upstream: dialect.get() == Dialect::Upstream,
        };
        if prev.is_some() {
            kept.wrote("form", persist::keep_form_as(KEPT_FORM, &inputs));
        }
    });
}

/// The editor.
#[component]
pub fn TemplateEditor() -> impl IntoView {
    let start: KeptInputs = persist::kept_form_as(KEPT_FORM).unwrap_or_default();
    let template = RwSignal::new(start.template);
    let values = Values {
        kube: RwSignal::new(start.kube),
        ocp: RwSignal::new(start.ocp),
        olm: RwSignal::new(start.olm),
        arch: RwSignal::new(start.arch),
        channels: RwSignal::new(start.channels),
    };
    let dialect = RwSignal::new(if start.upstream {
        Dialect::Upstream
    } else {
        Dialect::Extended
    });
    keep_inputs(template, values, dialect);
    let resolution =
        Memo::new(move |_| resolve_template(&template.get(), &values.cluster(), dialect.get()));
    view! {
        <div class="template-editor">
            <TemplateInput template=template dialect=dialect/>
            <div class="form-row">
                {value_input("Kubernetes version", "template-kube", "v1.29.3+6af3663", "fills {kube_major_version}, {kube_minor_version}, {kube_patch_version}", values.kube)}
                {value_input("OpenShift version", "template-ocp", "4.16.2", "fills {ocp_major_version}, {ocp_minor_version}, {ocp_patch_version}", values.ocp)}
                {value_input("OLM version", "template-olm", "0.28.0", "fills {olm_major_version}, {olm_minor_version}, {olm_patch_version}", values.olm)}
                {value_input("Architecture", "template-arch", "amd64", "fills {platform_architecture}", values.arch)}
                {value_input("OpenShift update channel", "template-ocp-channels", "stable-4.16", "fills {ocp_update_channels}", values.channels)}
                <label title="Upstream OLM knows only the three Kubernetes variables; OpenShift adds the others">"Variables of"
                    <select data-testid="template-dialect"
                        prop:value=move || if dialect.get() == Dialect::Upstream { "upstream" } else { "extended" }
                        on:change=move |ev| dialect.set(if event_target_value(&ev) == "upstream" { Dialect::Upstream } else { Dialect::Extended })>
                        <option value="extended">"OpenShift (all)"</option>
                        <option value="upstream">"upstream OLM (kube only)"</option>
                    </select>
                </label>
            </div>
            {move || resolution_view(resolution.get())}
        </div>
    }
}

/// The template field and the chips that insert a variable at the cursor.
#[component]
fn TemplateInput(template: RwSignal<String>, dialect: RwSignal<Dialect>) -> impl IntoView {
    let input_ref = NodeRef::<leptos::html::Input>::new();
    let known = move || match dialect.get() {
        Dialect::Upstream => &VARIABLES[..3],
        Dialect::Extended => VARIABLES,
    };
    let insert = move |var: &'static str| {
        let Some(input) = input_ref.get_untracked() else {
            return;
        };
        let text = input.value();
        let at = input
            .selection_start()
            .ok()
            .flatten()
            .map_or(text.encode_utf16().count(), |i| i as usize);
        template.set(insert_at_utf16(&text, at, var));
        let _ = input.focus();
    };
    view! {
        <label class="wide">"CatalogSource image template"
            <input type="text" node_ref=input_ref data-testid="template-input" spellcheck="false"
                prop:value=move || template.get()
                on:input=move |ev| template.set(event_target_value(&ev))/>
        </label>
        <div class="variables" role="group" aria-label="Insert a variable">
            {move || known().iter().map(|v| view! {
                <button class="chip" type="button" title=format!("Insert {v}") on:click=move |_| insert(v)>{*v}</button>
            }).collect_view()}
        </div>
    }
}

fn resolution_view(r: Resolution) -> impl IntoView {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn variables_go_in_at_the_cursor() {
        assert_eq!(insert_at_utf16("ab", 1, "X"), "aXb");
        assert_eq!(insert_at_utf16("ab", 9, "X"), "abX");
        // "é" is one UTF-16 unit, "😀" two.
        assert_eq!(insert_at_utf16("é😀z", 3, "X"), "é😀Xz");
    }
}
