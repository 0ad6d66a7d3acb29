//! 2D shapes for the mirror. The core places a 2D scene in its own space at height 0, metres
//! for pixels (`dim::from_pixels`); a 2D shape becomes the 3D shape whose slice at that height is
//! the shape: a rectangle a box, a circle a sphere, a convex polygon a prism, each reaching
//! above and below, and a segment a flat triangle whose slice is the segment exactly. The mirror's margins and tests then hold as they do in 3D, in metres.

use super::reading::{bounds_of, is_convex, Reading};
use crate::convert::to_vector3;
use aps_core::Vec3;
use aps_mirror::{Local, Placed};
use godot::classes::collision_polygon_2d::BuildMode;
use godot::classes::{
    CircleShape2D, CollisionPolygon2D, ConcavePolygonShape2D, ConvexPolygonShape2D,
    RectangleShape2D, SegmentShape2D, Shape2D, WorldBoundaryShape2D,
};
use godot::prelude::*;

/// How far above and below a 2D scene's plane its shapes reach, in metres: well past the
/// margin of every shape (the rays of a 2D pass are all at height 0), and no farther, since a
/// shape's margin grows with its size.
const REACH: f32 = 2.0;

/// A 2D transform (pixels) as the core's placement of a shape's own space: its x axis along
/// the core's x, its y axis along the core's z, its own height along the core's y.
#[must_use]
pub fn placement(t: &Transform2D) -> ([Vec3; 3], Vec3) {
    let s = crate::dim::pixels_per_meter();
    // The height axis takes the x axis's scale: a circle evenly scaled stays a sphere's slice.
    let basis = [
        Vec3::new(t.a.x / s, 0.0, t.a.y / s),
        Vec3::new(0.0, t.a.length() / s, 0.0),
        Vec3::new(t.b.x / s, 0.0, t.b.y / s),
    ];
    (basis, Vec3::new(t.origin.x / s, 0.0, t.origin.y / s))
}

/// A shape's own space, unscaled (for a body that moves, whose box its placement carries).
#[must_use]
pub fn unscaled() -> ([Vec3; 3], Vec3) {
    ([Vec3::X, Vec3::Y, Vec3::Z], Vec3::ZERO)
}

/// The reach above and below the plane in a shape's own units (pixels).
fn reach() -> f32 {
    REACH * crate::dim::pixels_per_meter()
}

/// A point of a shape's own 2D space at height `h`.
fn lift(p: Vector2, h: f32) -> Vec3 {
    Vec3::new(p.x, h, p.y)
}

/// What a `CollisionShape2D`'s shape is in the core's space.
pub fn read_shape(shape: &Gd<Shape2D>, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let h = reach();
    let local = if let Ok(r) = shape.clone().try_cast::<RectangleShape2D>() {
        let size = r.get_size();
        Local::Box {
            half: Vec3::new(size.x * 0.5, h, size.y * 0.5),
        }
    } else if let Ok(c) = shape.clone().try_cast::<CircleShape2D>() {
        // The rays are all at height 0, where a sphere's slice is the circle (and a ray cast at
        // a sphere is exact, where one at a cylinder is iterated).
        Local::Sphere {
            radius: c.get_radius(),
        }
    } else if let Ok(c) = shape.clone().try_cast::<ConvexPolygonShape2D>() {
        let points = c.get_points();
        if points.len() < 3 {
            return Reading::Nothing;
        }
        Local::Convex {
            points: prism(points.as_slice(), h),
        }
    } else if let Ok(c) = shape.clone().try_cast::<ConcavePolygonShape2D>() {
        let segments = c.get_segments();
        let pairs: Vec<(Vector2, Vector2)> = segments
            .as_slice()
            .chunks_exact(2)
            .map(|p| (p[0], p[1]))
            .collect();
        segments_shape(&pairs, h)
    } else if let Ok(c) = shape.clone().try_cast::<SegmentShape2D>() {
        segments_shape(&[(c.get_a(), c.get_b())], h)
    } else if let Ok(w) = shape.clone().try_cast::<WorldBoundaryShape2D>() {
        let n = w.get_normal();
        Local::Boundary {
            normal: Vec3::new(n.x, 0.0, n.y),
            distance: w.get_distance(),
        }
    } else {
        // A capsule, a separation ray, a shape from an extension: its own outline bounds it.
        return bounds_of(outline(shape.get_rect(), h), basis, origin);
    };
    Reading::Shape(Placed {
        basis,
        origin,
        shape: local,
        own_margin: 0.0,
    })
}

/// A `CollisionPolygon2D`: one convex prism when built as solids from a convex polygon, its
/// outline's segments when built as segments; otherwise the engine splits it in its own way, and
/// only its bounds are kept.
pub fn read_polygon(p: &Gd<CollisionPolygon2D>, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let polygon = p.get_polygon();
    let points = polygon.as_slice();
    if points.len() < 3 {
        return Reading::Nothing;
    }
    if p.get_build_mode() == BuildMode::SEGMENTS {
        let n = points.len();
        let pairs: Vec<(Vector2, Vector2)> =
            (0..n).map(|i| (points[i], points[(i + 1) % n])).collect();
        return Reading::Shape(Placed {
            basis,
            origin,
            shape: segments_shape(&pairs, reach()),
            own_margin: 0.0,
        });
    }
    read_solid_polygon(points, true, basis, origin)
}

/// A polygon the engine splits into convex parts that collide as solids: kept as one prism
/// when it is convex (the parts then cover exactly it) and `whole` (nothing else about it
/// changes how rays meet it); otherwise only its bounds are kept.
pub fn read_solid_polygon(
    points: &[Vector2],
    whole: bool,
    basis: [Vec3; 3],
    origin: Vec3,
) -> Reading {
    if points.len() < 3 {
        return Reading::Nothing;
    }
    let h = reach();
    if whole {
        if let Some(rect) = upright_rectangle(points) {
            return read_rect(rect, basis, origin);
        }
    }
    if whole && is_convex(points) {
        return Reading::Shape(Placed {
            basis,
            origin,
            shape: Local::Convex {
                points: prism(points, h),
            },
            own_margin: 0.0,
        });
    }
    bounds_of(outline(extent(points), h), basis, origin)
}

/// The smallest upright rectangle holding every point.
fn extent(points: &[Vector2]) -> Rect2 {
    let mut lo = Vector2::new(f32::INFINITY, f32::INFINITY);
    let mut hi = Vector2::new(f32::NEG_INFINITY, f32::NEG_INFINITY);
    for q in points {
        lo = Vector2::new(lo.x.min(q.x), lo.y.min(q.y));
        hi = Vector2::new(hi.x.max(q.x), hi.y.max(q.y));
    }
    Rect2::new(lo, hi - lo)
}

/// A rectangle of a shape's own 2D space (pixels) as a box, the cheapest shape to cast at.
pub fn read_rect(rect: Rect2, basis: [Vec3; 3], origin: Vec3) -> Reading {
    let centre = rect.center();
    let at = origin + basis[0] * centre.x + basis[2] * centre.y;
    Reading::Shape(Placed {
        basis,
        origin: at,
        shape: Local::Box {
            half: Vec3::new(rect.size.x * 0.5, reach(), rect.size.y * 0.5),
        },
        own_margin: 0.0,
    })
}

/// The rectangle a polygon of four corners makes when its sides run along the axes.
fn upright_rectangle(points: &[Vector2]) -> Option<Rect2> {
    if points.len() != 4 {
        return None;
    }
    let rect = extent(points);
    let (lo, hi) = (rect.position, rect.position + rect.size);
    let corner = |p: &Vector2| (p.x == lo.x || p.x == hi.x) && (p.y == lo.y || p.y == hi.y);
    let distinct = (0..4).all(|i| (i + 1..4).all(|j| points[i] != points[j]));
    (points.iter().all(corner) && distinct && hi.x > lo.x && hi.y > lo.y).then_some(rect)
}

/// A polygon's points at the top and the bottom of its reach.
fn prism(points: &[Vector2], h: f32) -> Vec<Vec3> {
    points
        .iter()
        .flat_map(|p| [lift(*p, -h), lift(*p, h)])
        .collect()
}

/// Segments as flat triangles, one each, whose slice at height 0 is the segment: the base
/// below reaches half the segment's length past each end, the apex above stands over its
/// middle. Rays hit segments from either side.
fn segments_shape(pairs: &[(Vector2, Vector2)], h: f32) -> Local {
    let mut faces = Vec::with_capacity(pairs.len() * 3);
    for (a, b) in pairs {
        let half = (*b - *a) * 0.5;
        faces.push(lift(*a - half, -h));
        faces.push(lift(*b + half, -h));
        faces.push(lift(*a + half, h));
    }
    Local::Concave {
        faces,
        double_sided: true,
    }
}

/// A 2D rectangle (pixels) as the box of the shape's own space it stands for.
fn outline(rect: Rect2, h: f32) -> Aabb {
    let lo = lift(rect.position, -h);
    let hi = lift(rect.position + rect.size, h);
    Aabb::new(to_vector3(lo), to_vector3(hi - lo))
}
