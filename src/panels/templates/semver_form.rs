//! The semver template's form: add a bundle image to a channel archetype (candidate, fast,
//! stable), which edits the template text. opm learns a bundle's version from its image; when
//! no bundle source has the image and its tag gives no version, the version entered here is
//! served to the renderer as a bundle source of its own (`studio-versions.json`).
//!
//! Test hooks: `studio-semver-form`, `studio-archetype`, `studio-image`, `studio-version`,
//! `studio-add`, `studio-add-error`, `studio-entered` (items carry `data-image`).

use leptos::html;
use leptos::prelude::*;

use crate::state::templates::{EnteredVersion, TemplateStudio};
use olm_graph_core::template::semver_edit::{add_bundle, entered_version, Archetype};

/// The package the template renders (its first), from the latest rendering or, before one
/// renders, from the catalog it was opened over.
fn template_package(studio: TemplateStudio) -> Option<String> {
    let from = |l: &crate::state::load::Loaded| {
        l.catalog
            .packages
            .iter()
            .find(|p| p.template.is_some())
            .or(l.catalog.packages.first())
            .map(|p| p.name.clone())
    };
    studio
        .rendered
        .with_untracked(|r| r.as_ref().and_then(|r| from(&r.loaded)))
        .or_else(|| {
            studio
                .baseline
                .with_untracked(|b| b.as_ref().and_then(|b| from(b)))
        })
}

/// Adds `image` to `archetype` in the text; with a `version`, records it for the image unless a
/// bundle source already has the image. An error message when it cannot.
fn add(
    studio: TemplateStudio,
    archetype: Archetype,
    image: &str,
    version: &str,
) -> Result<(), String> {
    let image = image.trim();
    let version = entered_version(version)?;
    let text = studio.text.get_untracked();
    let edited = add_bundle(&text, archetype, image).map_err(|e| e.to_string())?;
    let in_source = studio.session.with_untracked(|s| {
        s.as_ref()
            .is_some_and(|s| s.sources.iter().any(|f| f.text.includes(image)))
    });
    if let Some(version) = version.filter(|_| !in_source) {
        let package = template_package(studio).ok_or(
            "the template's package is not known yet: load a bundle source, or add first an image whose tag names the bundle (<package>.v<version>)",
        )?;
        studio.entered.update(|list| {
            list.retain(|e| e.image != image);
            list.push(EnteredVersion {
                package,
                image: image.to_string(),
                version,
            });
        });
    }
    studio.edit(edited);
    Ok(())
}

#[component]
pub fn SemverForm() -> impl IntoView {
    let studio = TemplateStudio::get();
    let archetype = RwSignal::new(Archetype::Stable);
    let image = NodeRef::<html::Input>::new();
    let version = NodeRef::<html::Input>::new();
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(i), Some(v)) = (image.get(), version.get()) else {
            return;
        };
        match add(studio, archetype.get_untracked(), &i.value(), &v.value()) {
            Ok(()) => {
                error.set(None);
                i.set_value("");
                v.set_value("");
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let on_archetype = move |ev| {
        if let Some(a) = Archetype::from_name(&event_target_value(&ev)) {
            archetype.set(a);
        }
    };
    view! {
        <form class="studio-semver-form" data-testid="studio-semver-form" on:submit=on_submit>
            <h3>"Add a bundle"</h3>
            <div class="form-row">
                <label>"Archetype"
                    <select data-testid="studio-archetype" on:change=on_archetype>
                        {Archetype::ALL.into_iter().map(|a| view! {
                            <option value=a.name() selected=move || archetype.get() == a>{a.key()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="grow">"Bundle image"
                    <input type="text" node_ref=image data-testid="studio-image" placeholder="quay.io/acme/operator-bundle@sha256:…" spellcheck="false"/>
                </label>
                <label>"Version"
                    <input type="text" node_ref=version data-testid="studio-version" placeholder="1.2.3" spellcheck="false"
                        title="Needed when no bundle source has the image and its tag is no version"/>
                </label>
                <button type="submit" class="button primary" data-testid="studio-add">"Add"</button>
            </div>
            {move || error.get().map(|e| view! { <div class="notice error" role="alert" data-testid="studio-add-error">{e}</div> })}
            <EnteredList/>
        </form>
    }
}

/// The versions entered by hand, each with a button to forget it.
#[component]
fn EnteredList() -> impl IntoView {
    let studio = TemplateStudio::get();
    move || {
        let list = studio.entered.get();
        (!list.is_empty()).then(|| view! {
            <p class="muted">"Versions you entered (served as the bundle source studio-versions.json):"</p>
            <ul class="name-list" data-testid="studio-entered">
                {list.into_iter().map(|e| {
                    let image = e.image.clone();
                    view! {
                        <li data-image=e.image.clone()>
                            <code>{format!("{} = {}", e.bundle_name(), e.image)}</code>
                            <button type="button" class="button icon" aria-label=format!("Forget the version of {}", e.image)
                                on:click=move |_| studio.entered.update(|l| l.retain(|x| x.image != image))>"×"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        })
    }
}
