//! Pan and zoom of an SVG drawing, in the style of leptos-use: [`use_pan_zoom`] takes the
//! element and [`UsePanZoomOptions`], listens for the wheel and for pointer drags on it (gloo
//! event listeners, the wheel one not passive so the page does not scroll), and returns the
//! [`Transform`] signal and the moves ([`UsePanZoomReturn`]) that buttons and keys call.
//!
//! The [`Transform`] maths are pure and tested natively.

use gloo_events::{EventListener, EventListenerOptions};
use leptos::prelude::*;
use leptos::svg::Svg;
use wasm_bindgen::JsCast;
use web_sys::{PointerEvent, WheelEvent};

pub const MIN_ZOOM: f64 = 0.05;
pub const MAX_ZOOM: f64 = 3.0;

/// The band at the top of the drawing area that the zoom controls lie over
/// (`graph::toolbar::ZoomTools`): a drawing is fitted, and laid out, below it.
pub const TOP_INSET: f64 = 44.0;

/// The pan and zoom of the drawing: screen = (x, y) + k · drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    pub x: f64,
    pub y: f64,
    pub k: f64,
}

impl Default for Transform {
    fn default() -> Self {
        Transform {
            x: 0.0,
            y: 0.0,
            k: 1.0,
        }
    }
}

impl Transform {
    /// Zooms by `factor` keeping the screen point (px, py) fixed.
    pub fn zoom_at(self, factor: f64, px: f64, py: f64) -> Transform {
        let k = (self.k * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let f = k / self.k;
        Transform {
            x: px - (px - self.x) * f,
            y: py - (py - self.y) * f,
            k,
        }
    }

    /// The whole drawing (w × h) centred in a viewport (vw × vh), never enlarged past 1.25.
    pub fn fit(w: f64, h: f64, vw: f64, vh: f64) -> Transform {
        if w <= 0.0 || h <= 0.0 || vw <= 0.0 || vh <= 0.0 {
            return Transform::default();
        }
        let k = ((vw / w).min(vh / h) * 0.96).clamp(MIN_ZOOM, 1.25);
        Transform {
            x: (vw - w * k) / 2.0,
            y: (vh - h * k) / 2.0,
            k,
        }
    }

    /// The view a graph opens with: fitted when that stays readable, else readable and showing
    /// the newest bundles (the right end, where the heads are).
    pub fn initial(w: f64, h: f64, vw: f64, vh: f64) -> Transform {
        let fit = Transform::fit(w, h, vw, vh);
        if fit.k >= 0.5 {
            return fit;
        }
        let k = (vh / h * 0.96).clamp(0.5, 0.8);
        let y = if h * k <= vh { (vh - h * k) / 2.0 } else { 8.0 };
        Transform {
            x: vw - w * k - 8.0,
            y,
            k,
        }
    }

    /// Brings the drawing point (cx, cy) to the middle of the viewport at zoom k.
    pub fn centered_on(cx: f64, cy: f64, k: f64, vw: f64, vh: f64) -> Transform {
        Transform {
            x: vw / 2.0 - cx * k,
            y: vh / 2.0 - cy * k,
            k,
        }
    }

    /// Whether the drawing rectangle (x, y, w, h) lies wholly in the viewport.
    pub fn shows(&self, rect: (f64, f64, f64, f64), vw: f64, vh: f64) -> bool {
        let (x0, y0) = (self.x + rect.0 * self.k, self.y + rect.1 * self.k);
        let (x1, y1) = (x0 + rect.2 * self.k, y0 + rect.3 * self.k);
        x0 >= 0.0 && y0 >= 0.0 && x1 <= vw && y1 <= vh
    }

    /// The SVG `transform` attribute.
    pub fn attribute(&self) -> String {
        format!(
            "translate({:.2},{:.2}) scale({:.4})",
            self.x, self.y, self.k
        )
    }
}

/// How [`use_pan_zoom`] behaves.
#[derive(Debug, Clone, Copy)]
pub struct UsePanZoomOptions {
    /// Pixels the pointer must move before a press becomes a drag (not a click).
    pub drag_threshold: f64,
    /// Zoom per wheel pixel: the factor is `exp(-delta · wheel_zoom)`.
    pub wheel_zoom: f64,
    /// The viewport size assumed before the element is measured.
    pub fallback_viewport: (f64, f64),
}

impl Default for UsePanZoomOptions {
    fn default() -> Self {
        UsePanZoomOptions {
            drag_threshold: 4.0,
            wheel_zoom: 0.0015,
            fallback_viewport: (800.0, 500.0),
        }
    }
}

/// Where the pointer went down, for telling a drag from a click.
#[derive(Debug, Clone, Copy)]
struct Drag {
    pointer: i32,
    start_x: f64,
    start_y: f64,
    origin: Transform,
    moved: bool,
}

/// What [`use_pan_zoom`] gives: the transform and the moves (cheap to copy).
#[derive(Clone, Copy)]
pub struct UsePanZoomReturn {
    pub transform: RwSignal<Transform>,
    target: NodeRef<Svg>,
    just_dragged: StoredValue<bool>,
    fallback: (f64, f64),
}

impl UsePanZoomReturn {
    /// The viewport's size in pixels.
    pub fn viewport(&self) -> (f64, f64) {
        self.target
            .get_untracked()
            .map(|el| {
                let r = el.get_bounding_client_rect();
                (r.width().max(1.0), r.height().max(1.0))
            })
            .unwrap_or(self.fallback)
    }

    /// Zooms by `factor` around the viewport's middle.
    pub fn zoom(&self, factor: f64) {
        let (vw, vh) = self.viewport();
        self.transform
            .update(|t| *t = t.zoom_at(factor, vw / 2.0, vh / 2.0));
    }

    /// Moves the drawing by (dx, dy) pixels.
    pub fn pan(&self, dx: f64, dy: f64) {
        self.transform.update(|t| {
            t.x += dx;
            t.y += dy;
        });
    }

    /// Fits a drawing of w × h, below the zoom controls ([`TOP_INSET`]).
    pub fn fit(&self, w: f64, h: f64) {
        let (vw, vh) = self.viewport();
        let mut t = Transform::fit(w, h, vw, vh - TOP_INSET);
        t.y += TOP_INSET;
        self.transform.set(t);
    }

    /// Opens a drawing of w × h ([`Transform::initial`]), below the zoom controls.
    pub fn open(&self, w: f64, h: f64) {
        let (vw, vh) = self.viewport();
        let mut t = Transform::initial(w, h, vw, vh - TOP_INSET);
        t.y += TOP_INSET;
        self.transform.set(t);
    }

    /// Centres the drawing rectangle (x, y, w, h), at zoom `k` (default: the current one).
    pub fn center(&self, rect: (f64, f64, f64, f64), k: Option<f64>) {
        let (vw, vh) = self.viewport();
        let k = k.unwrap_or_else(|| self.transform.get_untracked().k);
        self.transform.set(Transform::centered_on(
            rect.0 + rect.2 / 2.0,
            rect.1 + rect.3 / 2.0,
            k,
            vw,
            vh,
        ));
    }

    /// Centres the rectangle only when it is not wholly in view.
    pub fn reveal(&self, rect: (f64, f64, f64, f64)) {
        let (vw, vh) = self.viewport();
        if !self.transform.get_untracked().shows(rect, vw, vh) {
            self.center(rect, None);
        }
    }

    /// Whether the click that follows now ends a drag (then it should do nothing); clears it.
    pub fn take_drag(&self) -> bool {
        let dragged = self.just_dragged.get_value();
        self.just_dragged.set_value(false);
        dragged
    }
}

/// Pan (drag, horizontal wheel) and zoom (wheel, ctrl+wheel) for the SVG element `target`.
pub fn use_pan_zoom(target: NodeRef<Svg>, options: UsePanZoomOptions) -> UsePanZoomReturn {
    let ret = UsePanZoomReturn {
        transform: RwSignal::new(Transform::default()),
        target,
        just_dragged: StoredValue::new(false),
        fallback: options.fallback_viewport,
    };
    let drag: StoredValue<Option<Drag>> = StoredValue::new(None);
    let listeners: StoredValue<Vec<EventListener>, LocalStorage> =
        StoredValue::new_local(Vec::new());
    Effect::new(move |_| {
        let Some(svg) = target.get() else { return };
        let el: &web_sys::EventTarget = svg.as_ref();
        let wheel = EventListener::new_with_options(
            el,
            "wheel",
            EventListenerOptions::enable_prevent_default(),
            move |ev| {
                if let Some(ev) = ev.dyn_ref::<WheelEvent>() {
                    on_wheel(&ret, &options, ev);
                }
            },
        );
        let pointer = |name: &'static str,
                       f: fn(
            &UsePanZoomReturn,
            &UsePanZoomOptions,
            StoredValue<Option<Drag>>,
            &PointerEvent,
        )| {
            EventListener::new(el, name, move |ev| {
                if let Some(ev) = ev.dyn_ref::<PointerEvent>() {
                    f(&ret, &options, drag, ev);
                }
            })
        };
        listeners.set_value(vec![
            wheel,
            pointer("pointerdown", on_pointer_down),
            pointer("pointermove", on_pointer_move),
            pointer("pointerup", on_pointer_up),
            pointer("pointercancel", on_pointer_up),
        ]);
    });
    ret
}

fn on_wheel(ret: &UsePanZoomReturn, options: &UsePanZoomOptions, ev: &WheelEvent) {
    ev.prevent_default();
    let Some(svg) = ret.target.get_untracked() else {
        return;
    };
    let r = svg.get_bounding_client_rect();
    let (px, py) = (
        ev.client_x() as f64 - r.left(),
        ev.client_y() as f64 - r.top(),
    );
    let scale = match ev.delta_mode() {
        1 => 16.0,
        2 => 400.0,
        _ => 1.0,
    };
    let (dx, dy) = (ev.delta_x() * scale, ev.delta_y() * scale);
    if !ev.ctrl_key() && dx.abs() > dy.abs() {
        ret.transform.update(|t| t.x -= dx);
    } else {
        let factor = (-dy * options.wheel_zoom).exp();
        ret.transform.update(|t| *t = t.zoom_at(factor, px, py));
    }
}

fn on_pointer_down(
    ret: &UsePanZoomReturn,
    _: &UsePanZoomOptions,
    drag: StoredValue<Option<Drag>>,
    ev: &PointerEvent,
) {
    if ev.button() != 0 {
        return;
    }
    drag.set_value(Some(Drag {
        pointer: ev.pointer_id(),
        start_x: ev.client_x() as f64,
        start_y: ev.client_y() as f64,
        origin: ret.transform.get_untracked(),
        moved: false,
    }));
    ret.just_dragged.set_value(false);
}

fn on_pointer_move(
    ret: &UsePanZoomReturn,
    options: &UsePanZoomOptions,
    drag: StoredValue<Option<Drag>>,
    ev: &PointerEvent,
) {
    let Some(mut d) = drag.get_value().filter(|d| d.pointer == ev.pointer_id()) else {
        return;
    };
    let (dx, dy) = (
        ev.client_x() as f64 - d.start_x,
        ev.client_y() as f64 - d.start_y,
    );
    if !d.moved && dx.hypot(dy) < options.drag_threshold {
        return;
    }
    if !d.moved {
        d.moved = true;
        if let Some(svg) = ret.target.get_untracked() {
            let _ = svg.set_pointer_capture(d.pointer);
        }
    }
    drag.set_value(Some(d));
    ret.transform.set(Transform {
        x: d.origin.x + dx,
        y: d.origin.y + dy,
        k: d.origin.k,
    });
}

fn on_pointer_up(
    ret: &UsePanZoomReturn,
    _: &UsePanZoomOptions,
    drag: StoredValue<Option<Drag>>,
    ev: &PointerEvent,
) {
    if drag.get_value().is_some_and(|d| d.moved) {
        ret.just_dragged.set_value(true);
        if let Some(svg) = ret.target.get_untracked() {
            let _ = svg.release_pointer_capture(ev.pointer_id());
        }
    }
    drag.set_value(None);
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn zoom_keeps_the_point_under_the_pointer() {
        let t = Transform::fit(1000.0, 100.0, 500.0, 500.0);
        assert!((t.k - 0.48).abs() < 1e-9);
        let z = t.zoom_at(2.0, 250.0, 250.0);
        let before = ((250.0 - t.x) / t.k, (250.0 - t.y) / t.k);
        let after = ((250.0 - z.x) / z.k, (250.0 - z.y) / z.k);
        assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
        assert_eq!(t.zoom_at(1e9, 0.0, 0.0).k, MAX_ZOOM);
    }

    #[test]
    fn a_wide_graph_opens_readable_at_its_newest_end() {
        let t = Transform::initial(5000.0, 200.0, 800.0, 500.0);
        assert!(t.k >= 0.5);
        // The right end of the drawing is at the right of the viewport.
        assert!((t.x + 5000.0 * t.k - 792.0).abs() < 1e-9);
        let small = Transform::initial(400.0, 200.0, 800.0, 500.0);
        assert_eq!(small, Transform::fit(400.0, 200.0, 800.0, 500.0));
        assert!(small.shows((0.0, 0.0, 400.0, 200.0), 800.0, 500.0));
        assert!(!t.shows((0.0, 0.0, 128.0, 38.0), 800.0, 500.0));
    }
}
