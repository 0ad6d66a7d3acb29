//! Light in a 2D world: a `PointLight2D` lights as its texture says (the texture, centred on the
//! light and scaled with it, is the light's whole shape and fall-off, as Godot's canvas renderer
//! draws it), and `LightOccluder2D` polygons cast the shadows.

use glam::{Affine2, Vec2};

/// A light's texture, read once: each texel's colour times its alpha.
#[derive(Debug, Clone, PartialEq)]
pub struct Sampled {
    width: u32,
    height: u32,
    texels: Vec<[f32; 3]>,
}

impl Sampled {
    /// A texture of `width` × `height` texels, row by row; `None` if the sizes and the texels
    /// disagree or it is empty.
    #[must_use]
    pub fn new(width: u32, height: u32, texels: Vec<[f32; 3]>) -> Option<Sampled> {
        (width > 0 && height > 0 && texels.len() == width as usize * height as usize).then_some(
            Sampled {
                width,
                height,
                texels,
            },
        )
    }

    /// The texture at `uv` (0..1 across it), filtered between the four nearest texels as the
    /// renderer's linear filter does; nothing outside it.
    #[must_use]
    pub fn at(&self, uv: Vec2) -> [f32; 3] {
        if !(0.0..=1.0).contains(&uv.x) || !(0.0..=1.0).contains(&uv.y) {
            return [0.0; 3];
        }
        let (w, h) = (self.width as f32, self.height as f32);
        // Texel centres sit at (i + 0.5) / w.
        let x = (uv.x * w - 0.5).clamp(0.0, w - 1.0);
        let y = (uv.y * h - 0.5).clamp(0.0, h - 1.0);
        let (x0, y0) = (x.floor() as u32, y.floor() as u32);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let texel = |x: u32, y: u32| self.texels[(y * self.width + x) as usize];
        let mix = |a: [f32; 3], b: [f32; 3], t: f32| [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t);
        let top = mix(texel(x0, y0), texel(x1, y0), fx);
        let bottom = mix(texel(x0, y1), texel(x1, y1), fx);
        mix(top, bottom, fy)
    }
}

/// Where a textured light's texture lies: the map from the core's plane (x, z in metres) to
/// the texture's 0..1 square.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TexturePlacement {
    pub to_uv: Affine2,
}

/// The most occluder polygons one 2D world's lights test; past it the rest cast no shadow.
pub const MAX_FLAT_OCCLUDERS: usize = 16_384;

/// A `LightOccluder2D`'s polygon on the core's plane, with the light mask it casts shadows for.
#[derive(Debug, Clone, PartialEq)]
pub struct FlatOccluder {
    mask: u32,
    edges: Vec<[Vec2; 2]>,
    min: Vec2,
    max: Vec2,
}

impl FlatOccluder {
    /// The polygon through `points` (closed back to the first if `closed`), casting shadows for
    /// the lights whose shadow mask shares a bit with `mask`. `None` with fewer than two points
    /// or a point that is no position.
    #[must_use]
    pub fn new(mask: u32, points: &[Vec2], closed: bool) -> Option<FlatOccluder> {
        if points.len() < 2 || points.iter().any(|p| !p.is_finite()) {
            return None;
        }
        let mut edges: Vec<[Vec2; 2]> = points.windows(2).map(|w| [w[0], w[1]]).collect();
        if closed && points.len() > 2 {
            edges.push([points[points.len() - 1], points[0]]);
        }
        let min = points.iter().copied().fold(Vec2::INFINITY, Vec2::min);
        let max = points.iter().copied().fold(Vec2::NEG_INFINITY, Vec2::max);
        Some(FlatOccluder {
            mask,
            edges,
            min,
            max,
        })
    }

    /// Whether the segment from `a` to `b` crosses or touches one of its edges.
    #[must_use]
    pub fn crosses(&self, a: Vec2, b: Vec2) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi.x < self.min.x || lo.x > self.max.x || hi.y < self.min.y || lo.y > self.max.y {
            return false;
        }
        self.edges.iter().any(|&[c, d]| segments_meet(a, b, c, d))
    }
}

/// Whether something of `occluders` casting shadows for `mask` stands between `from` and `to`.
#[must_use]
pub fn flat_blocked(occluders: &[FlatOccluder], from: Vec2, to: Vec2, mask: u32) -> bool {
    occluders
        .iter()
        .take(MAX_FLAT_OCCLUDERS)
        .any(|o| o.mask & mask != 0 && o.crosses(from, to))
}

/// Whether segments `ab` and `cd` meet (touching counts).
fn segments_meet(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let side = |p: Vec2, q: Vec2, r: Vec2| (q - p).perp_dot(r - p);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: Vec2, q: Vec2, r: Vec2, s: f32| {
        s == 0.0 && r.cmpge(p.min(q)).all() && r.cmple(p.max(q)).all()
    };
    on(c, d, a, d1) || on(c, d, b, d2) || on(a, b, c, d3) || on(a, b, d, d4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_texture_is_read_between_its_texels() {
        // 2 × 1: black, then white.
        let t = Sampled::new(2, 1, vec![[0.0; 3], [1.0; 3]]).unwrap();
        assert_eq!(
            t.at(Vec2::new(0.25, 0.5)),
            [0.0; 3],
            "on the first texel's centre"
        );
        assert_eq!(t.at(Vec2::new(0.75, 0.5)), [1.0; 3], "on the second's");
        assert!(
            (t.at(Vec2::new(0.5, 0.5))[0] - 0.5).abs() < 1e-6,
            "half way between"
        );
        assert_eq!(t.at(Vec2::new(0.1, 0.5)), [0.0; 3], "clamped at the edge");
        assert_eq!(
            t.at(Vec2::new(1.2, 0.5)),
            [0.0; 3],
            "nothing outside the texture"
        );
        assert!(Sampled::new(2, 2, vec![[0.0; 3]]).is_none());
    }

    #[test]
    fn an_occluder_stops_the_segments_that_cross_it() {
        let square = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ];
        let box_ = FlatOccluder::new(1, &square, true).unwrap();
        assert!(box_.crosses(Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0)));
        assert!(
            !box_.crosses(Vec2::new(-3.0, 2.0), Vec2::new(3.0, 2.0)),
            "passes above"
        );
        assert!(
            box_.crosses(Vec2::new(-3.0, 1.0), Vec2::new(3.0, 1.0)),
            "along an edge"
        );
        let open = FlatOccluder::new(1, &square, false).unwrap();
        // Only the closing edge (left side) is missing.
        assert!(!open.crosses(Vec2::new(-3.0, 0.0), Vec2::new(0.0, 0.0)));
        assert!(box_.crosses(Vec2::new(-3.0, 0.0), Vec2::new(0.0, 0.0)));
        let both = [box_];
        assert!(flat_blocked(
            &both,
            Vec2::new(-3.0, 0.0),
            Vec2::new(3.0, 0.0),
            1
        ));
        assert!(
            !flat_blocked(&both, Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0), 2),
            "another mask"
        );
        assert!(FlatOccluder::new(1, &[Vec2::ZERO], true).is_none());
        assert!(FlatOccluder::new(1, &[Vec2::ZERO, Vec2::NAN], true).is_none());
    }
}
