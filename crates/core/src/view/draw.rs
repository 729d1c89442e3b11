//! SVG geometry text shared by the web app and the SVG export: path data of edge routes and
//! band outlines, with coordinates written as at most two decimals.

use std::fmt::Write as _;

/// Appends `v` with at most two decimals and no trailing zeros (`12.5`, `3`, `0.07`); a
/// non-finite value is written as `0`, and `-0` as `0`.
///
/// # Complexity
/// O(1).
pub fn push_num(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push('0');
        return;
    }
    let hundredths = (v * 100.0).round();
    if hundredths.abs() >= 1.0e12 {
        // Far beyond any drawing: let the formatter round, as for the integer path below.
        let s = format!("{:.2}", hundredths / 100.0);
        out.push_str(s.trim_end_matches('0').trim_end_matches('.'));
        return;
    }
    let k = hundredths as i64;
    if k == 0 {
        out.push('0');
        return;
    }
    if k < 0 {
        out.push('-');
    }
    let k = k.unsigned_abs();
    let _ = write!(out, "{}", k / 100);
    let frac = k % 100;
    if frac != 0 {
        if frac % 10 == 0 {
            let _ = write!(out, ".{}", frac / 10);
        } else {
            let _ = write!(out, ".{frac:02}");
        }
    }
}

/// `v` as [`push_num`] writes it.
///
/// # Complexity
/// O(1).
pub fn num(v: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, v);
    s
}

fn push_point(out: &mut String, p: (f64, f64), dy: f64) {
    push_num(out, p.0);
    out.push(',');
    push_num(out, p.1 + dy);
}

/// SVG path data of an edge route ([`crate::layout::EdgeRoute`]), moved down by `dy`: a
/// polyline `M p0 L p1 …`, or `M p0 C p1 p2 p3 …` when `curved` (and the points make whole
/// cubic segments).
///
/// # Complexity
/// O(P) for P points.
pub fn route_d(points: &[(f64, f64)], curved: bool, dy: f64) -> String {
    let mut d = String::with_capacity(points.len() * 14);
    let Some(first) = points.first() else {
        return d;
    };
    d.push('M');
    push_point(&mut d, *first, dy);
    if curved && points.len() >= 4 && (points.len() - 1) % 3 == 0 {
        for seg in points[1..].chunks(3) {
            d.push_str(" C");
            push_point(&mut d, seg[0], dy);
            d.push(' ');
            push_point(&mut d, seg[1], dy);
            d.push(' ');
            push_point(&mut d, seg[2], dy);
        }
    } else {
        for q in &points[1..] {
            d.push_str(" L");
            push_point(&mut d, *q, dy);
        }
    }
    d
}

/// SVG path data of a rail ([`crate::layout::Rail`]), moved down by `dy`: one `M p0 L p1 …`
/// subpath per piece (drawn as one stroke, so pieces that meet do not darken).
///
/// # Complexity
/// O(P) for P points.
pub fn rail_d(rail: &crate::layout::Rail, dy: f64) -> String {
    let mut d = String::with_capacity(rail.paths.iter().map(Vec::len).sum::<usize>() * 14);
    for piece in &rail.paths {
        for (i, q) in piece.iter().enumerate() {
            d.push_str(match (i, d.is_empty()) {
                (0, true) => "M",
                (0, false) => " M",
                _ => " L",
            });
            push_point(&mut d, *q, dy);
        }
    }
    d
}

/// SVG path data of a closed polygon, moved down by `dy`: `M p0 L p1 … Z`.
///
/// # Complexity
/// O(P) for P points.
pub fn polygon_d(points: &[(f64, f64)], dy: f64) -> String {
    let mut d = String::with_capacity(points.len() * 14);
    for (i, q) in points.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { " L" });
        push_point(&mut d, *q, dy);
    }
    if !points.is_empty() {
        d.push_str(" Z");
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The formatting the exports used before: round to hundredths, print, trim.
    fn reference(v: f64) -> String {
        if !v.is_finite() {
            return "0".into();
        }
        let r = (v * 100.0).round() / 100.0;
        let s = format!("{r:.2}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "-0" || s.is_empty() {
            "0".into()
        } else {
            s.to_string()
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.234), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(0.07), "0.07");
        assert_eq!(num(-3.5), "-3.5");
        assert_eq!(num(100.0), "100");
        let mut x = 0.0004f64;
        while x < 1.0e13 {
            assert_eq!(num(x), reference(x), "{x}");
            assert_eq!(num(-x), reference(-x), "{}", -x);
            x = x * 1.37 + 0.173;
        }
        for v in [1e16, -2.5e17, 0.005, 0.015, 2.675, 1e-9, f64::MAX] {
            assert_eq!(num(v), reference(v), "{v}");
        }
    }

    #[test]
    fn path_data() {
        let pts = [(0.0, 0.0), (1.0, 2.0), (3.0, 4.0), (5.5, 6.0)];
        assert_eq!(route_d(&pts, true, 0.0), "M0,0 C1,2 3,4 5.5,6");
        assert_eq!(route_d(&pts, false, 1.0), "M0,1 L1,3 L3,5 L5.5,7");
        // Not whole cubic segments: drawn as a polyline.
        assert_eq!(route_d(&pts[..3], true, 0.0), "M0,0 L1,2 L3,4");
        assert_eq!(route_d(&[], true, 0.0), "");
        assert_eq!(polygon_d(&pts[..3], 0.5), "M0,0.5 L1,2.5 L3,4.5 Z");
        assert_eq!(polygon_d(&[], 0.0), "");
        let rail = crate::layout::Rail {
            paths: vec![vec![(0.0, 5.0), (10.0, 5.0)], vec![(4.0, 5.0), (4.0, 1.0)]],
            ..crate::layout::Rail::default()
        };
        assert_eq!(rail_d(&rail, 1.0), "M0,6 L10,6 M4,6 L4,2");
        assert_eq!(rail_d(&crate::layout::Rail::default(), 0.0), "");
    }
}
