//! One finding (opm's rules, curator lints, load problems) in a list: its severity, message,
//! place and suggestion; a button that shows what it is about when it points at something; and,
//! folded under it, its rule's name and help from core's registry (fetched as
//! `rule-texts.json` the first time a finding is shown: `state::rule_texts`).

use leptos::prelude::*;
use olm_graph_core::view::{finding_target, FindingTarget};
use olm_graph_core::{Diagnostic, Severity};

use crate::state::rule_texts::{Help, RuleTexts};
use crate::state::selection::Selection;

pub fn severity_class(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// Where a finding is: "package / channel / bundle" and the file position.
pub fn finding_place(d: &Diagnostic) -> String {
    let mut parts: Vec<String> = [&d.package, &d.channel, &d.bundle, &d.name]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    if let Some(f) = &d.field {
        parts.push(format!("field {f}"));
    }
    let mut s = parts.join(" / ");
    if let Some(l) = &d.location {
        if !s.is_empty() {
            s.push_str(" — ");
        }
        s.push_str(&l.to_string());
    }
    s
}

/// The text of a finding: severity, message, place, suggestion, code.
fn finding_body(d: &Diagnostic) -> impl IntoView {
    let sev = severity_class(d.severity);
    let place = finding_place(d);
    view! {
        <span class=format!("sev sev-{sev}")>{sev}</span>
        <span class="finding-text">
            <span class="message">{d.message.clone()}</span>
            {(!place.is_empty()).then(|| view! { <span class="place">{place}</span> })}
            {d.suggestion.clone().map(|s| view! { <span class="suggestion">{format!("Fix: {s}")}</span> })}
            <span class="code">{d.code.to_string()}</span>
        </span>
    }
}

/// What a finding's help says when the rule texts could not be fetched.
const HELP_NOT_FETCHED: &str =
    "This rule's help could not be fetched; `olm-graph lint --format sarif` prints it.";

/// The rule's help, folded: its name and summary, then the paragraph ending in the fix; its id
/// alone until the texts are fetched, or if they cannot be.
fn finding_help(d: &Diagnostic) -> impl IntoView {
    let rule = d.rule();
    let texts = RuleTexts::get();
    if let Some(t) = texts {
        t.want();
    }
    let id = rule.id();
    let help = move || match texts.map_or(Help::Missing, |t| t.of(rule)) {
        Help::Found(t) => view! {
            <summary>{format!("About {} ({id})", t.name)}</summary>
            <p class="rule-summary">{t.summary}</p>
            <p class="rule-help">{t.help}</p>
        }
        .into_any(),
        Help::Pending => view! { <summary>{format!("About {id}")}</summary> }.into_any(),
        Help::Missing => view! {
            <summary>{format!("About {id}")}</summary>
            <p class="rule-summary">{HELP_NOT_FETCHED}</p>
        }
        .into_any(),
    };
    view! { <details class="more finding-help">{help}</details> }
}

/// One finding; a button when it points at something to show.
#[component]
pub fn FindingItem(d: Diagnostic) -> impl IntoView {
    let sev = severity_class(d.severity);
    let body = finding_body(&d);
    let help = finding_help(&d);
    if finding_target(&d) == FindingTarget::File {
        return view! {
            <li class=format!("finding sev-{sev}") data-severity=sev>
                <div class="finding-button static">{body}</div>
                {help}
            </li>
        }
        .into_any();
    }
    let selection = Selection::get();
    let bundle = d.bundle.clone().unwrap_or_default();
    let channel = d.channel.clone().unwrap_or_default();
    let package = d.package.clone().unwrap_or_default();
    view! {
        <li class=format!("finding sev-{sev}") data-severity=sev data-finding-package=package data-finding-channel=channel data-finding-bundle=bundle>
            <button class="finding-button" title="Show it in the graph" on:click=move |_| selection.focus_finding(&d)>
                {body}
            </button>
            {help}
        </li>
    }
    .into_any()
}
