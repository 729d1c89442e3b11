//! The template's text: a text area with line numbers, each finding of the last rendering
//! marked on its line (a band) and at its column (an underline), and the list of those
//! findings, each with its line and column, a link that puts the caret there.
//!
//! Test hooks: `studio-text`, `studio-marks` (marks carry `data-line`, `data-column`,
//! `data-severity`), `studio-problems` (items carry `data-line`, `data-column`).

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::Severity;

use crate::state::templates::{text_marks, utf16_offset, TemplateStudio, TextMark};
use crate::widgets::finding::severity_class;

/// Pixels per line and around the text; the style sheet uses the same figures.
pub const LINE_HEIGHT: f64 = 18.0;
pub const PADDING: f64 = 6.0;

/// The marks of the latest rendering in the session's template.
pub fn studio_marks(studio: TemplateStudio) -> Memo<Vec<TextMark>> {
    Memo::new(move |_| {
        let path = studio
            .session
            .with(|s| s.as_ref().map(|s| s.path.clone()))
            .unwrap_or_default();
        studio.rendered.with(|r| {
            r.as_ref()
                .map(|r| text_marks(&r.loaded.findings, &path))
                .unwrap_or_default()
        })
    })
}

/// "line 4, column 10".
pub fn position_text(m: &TextMark) -> String {
    format!("line {}, column {}", m.line, m.column)
}

/// The text area with its gutter and marks.
#[component]
pub fn TemplateEditor() -> impl IntoView {
    let studio = TemplateStudio::get();
    let area = NodeRef::<html::Textarea>::new();
    let scroll = RwSignal::new((0.0f64, 0.0f64));
    let marks = studio_marks(studio);
    // Text set from outside (a session opened, the semver form) goes into the area; typing
    // does not come back (the caret stays put).
    Effect::new(move |_| {
        let text = studio.text.get();
        if let Some(a) = area.get() {
            if a.value() != text {
                a.set_value(&text);
            }
        }
    });
    Effect::new(move |_| {
        if let (Some((line, column)), Some(a)) = (studio.jump.get(), area.get_untracked()) {
            put_caret(&a, line, column);
        }
    });
    let numbers = Memo::new(move |_| {
        let n = studio.text.with(|t| t.lines().count().max(1));
        (1..=n)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    });
    let on_scroll = move |_| {
        if let Some(a) = area.get_untracked() {
            scroll.set((f64::from(a.scroll_top()), f64::from(a.scroll_left())));
        }
    };
    view! {
        <div class="studio-editor">
            <pre class="studio-gutter" aria-hidden="true"
                style:transform=move || format!("translateY({}px)", -scroll.get().0)>{numbers}</pre>
            <div class="studio-text-wrap">
                <div class="studio-marks" data-testid="studio-marks" aria-hidden="true"
                    style:transform=move || { let (t, l) = scroll.get(); format!("translate({}px, {}px)", -l, -t) }>
                    <For each=move || marks.get() key=|m| (m.line, m.column, m.message.clone()) let:m>
                        <Mark m=m/>
                    </For>
                </div>
                <textarea node_ref=area class="studio-text" data-testid="studio-text" wrap="off"
                    spellcheck="false" autocomplete="off" autocapitalize="off"
                    aria-label="Template text (rendered as you type)"
                    on:input=move |ev| studio.edit(event_target_value(&ev))
                    on:scroll=on_scroll></textarea>
            </div>
        </div>
        <ProblemList marks=marks/>
    }
}

/// One finding on the text: its line's band and an underline from its column.
#[component]
fn Mark(m: TextMark) -> impl IntoView {
    let top = PADDING + (m.line as f64 - 1.0) * LINE_HEIGHT;
    let sev = severity_class(m.severity);
    view! {
        <div class=format!("studio-mark-line {sev}") style:top=format!("{top}px")
            data-line=m.line data-column=m.column data-severity=sev></div>
        <div class=format!("studio-mark-at {sev}") style:top=format!("{}px", top + LINE_HEIGHT - 3.0)
            style:left=format!("calc({PADDING}px + {}ch)", m.column - 1)></div>
    }
}

/// Puts the caret at `line`, `column` (selecting to the end of the line) and scrolls there.
fn put_caret(area: &web_sys::HtmlTextAreaElement, line: usize, column: usize) {
    let text = area.value();
    let start = utf16_offset(&text, line, column);
    let end = utf16_offset(&text, line, usize::MAX);
    let _ = area.focus();
    let _ = area.set_selection_range(start, end.max(start));
    let above = (line as f64 - 1.0) * LINE_HEIGHT - f64::from(area.client_height()) / 3.0;
    area.set_scroll_top(above.max(0.0) as i32);
}

/// The findings placed in the text, errors first, each a link to its place.
#[component]
fn ProblemList(marks: Memo<Vec<TextMark>>) -> impl IntoView {
    let studio = TemplateStudio::get();
    let path = move || {
        studio
            .session
            .with(|s| s.as_ref().map(|s| s.path.clone()))
            .unwrap_or_default()
    };
    move || {
        let list = marks.get();
        if list.is_empty() {
            return None;
        }
        let errors = list
            .iter()
            .filter(|m| m.severity == Severity::Error)
            .count();
        let items = list
            .into_iter()
            .map(|m| {
                let (line, column) = (m.line, m.column);
                let sev = severity_class(m.severity);
                view! {
                    <li class=format!("studio-problem {sev}") data-line=line data-column=column data-severity=sev>
                        <button class="link mono" title=format!("{}:{line}:{column}", path())
                            on:click=move |_| studio.jump.set(Some((line, column)))>{position_text(&m)}</button>
                        <span class="message">{m.message.clone()}</span>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <div class="studio-problems-wrap">
                <h3>{format!("In the text: {errors} error(s), {} other finding(s)", marks.with(Vec::len) - errors)}</h3>
                <ol class="studio-problems" data-testid="studio-problems">{items}</ol>
            </div>
        })
    }
}
