//! The shapes the mirror copies, placed in the world, and how each meets a ray.
//!
//! A shape comes in as the engine describes it, [`Local`] to its node and placed by an affine
//! transform ([`Placed`]); the mirror keeps it in world space as a [`Form`]. Against a ray each
//! form answers a [`Reach`]: where the ray first comes within the margin of it (its shape grown
//! by the margin) and where the ray is surely inside it (inside a part of it that every
//! engine's version of the shape contains).

use crate::answer::Reach;
use aps_core::Vec3;
use parry3d::math::{Pose, Rot3, Vector};
use parry3d::query::{cast_shapes, Ray, RayCast, ShapeCastOptions};
use parry3d::shape::{Ball, Capsule, ConvexPolyhedron, Cuboid, Cylinder, HalfSpace, TriMesh};

/// The least margin of every shape, in metres: two centimetres cover single-precision
/// rounding across a level a few kilometres wide and the precision of the engines' stored mesh
/// vertices. A shape's own margin (Jolt's convex radius is never larger) adds to it.
pub const BASE_MARGIN: f32 = 0.02;

/// A mesh's margin grows by this fraction of its size: an engine that stores a mesh's vertices
/// in fewer bits (relative to the mesh's bounds) errs in proportion to the mesh, and so do ray
/// casts done by iteration (parry's at cylinders and convex hulls).
const SIZED_MARGIN_PER_METRE: f32 = 1.0e-4;

/// How far from flat a ray must cross a mesh's face for the crossing to count as sure: below
/// this (the sine of about six degrees) the ray grazes it and the engine decides.
const LEAST_CROSSING: f32 = 0.1;

/// Two lengths within this fraction of each other count as equal when a transform's scale is
/// read: an engine scales a shape uniformly within its own rounding.
const SCALE_TOLERANCE: f32 = 1.0e-4;

/// A shape as its node holds it, before its transform (the engine's shape kinds; every length
/// in metres, every axis the node's own Y where the engine has one).
#[derive(Debug, Clone, PartialEq)]
pub enum Local {
    Box {
        half: Vec3,
    },
    Sphere {
        radius: f32,
    },
    /// `height` is the whole height, caps included.
    Capsule {
        radius: f32,
        height: f32,
    },
    Cylinder {
        radius: f32,
        height: f32,
    },
    /// The convex hull of these points.
    Convex {
        points: Vec<Vec3>,
    },
    /// Triangles, three points each. One-sided (`double_sided` false), a triangle's front is
    /// the side from which its points run clockwise (Godot's convention); some engines let a
    /// ray through from behind, others do not, so only crossings from the front are sure.
    Concave {
        faces: Vec<Vec3>,
        double_sided: bool,
    },
    /// The infinite plane `normal · p = distance`; everything below it is solid.
    Boundary {
        normal: Vec3,
        distance: f32,
    },
}

/// A shape placed in the world: `basis` (columns, scale included) and `origin` of its node's
/// global transform, and the shape's own margin.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub basis: [Vec3; 3],
    pub origin: Vec3,
    pub shape: Local,
    pub own_margin: f32,
}

/// Why a shape cannot be mirrored: rays near it then go to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotMirrored {
    /// A round shape scaled unevenly, which no engine keeps round.
    UnevenScale,
    /// A degenerate shape: no points, no faces, zero size or a flat transform.
    Degenerate,
}

/// A shape in world space, in the form its ray tests use.
#[derive(Debug, Clone)]
pub enum Form {
    Box {
        pose: Pose,
        half: Vector,
    },
    Ball {
        center: Vector,
        radius: f32,
    },
    Capsule {
        a: Vector,
        b: Vector,
        radius: f32,
    },
    Cylinder {
        pose: Pose,
        half_height: f32,
        radius: f32,
    },
    Convex {
        // Boxed, as is a mesh, so that the boxes and round shapes most of a level is made of
        // stay small and close together.
        grown: Box<ConvexPolyhedron>,
        shrunk: Option<Box<ConvexPolyhedron>>,
    },
    Mesh {
        mesh: Box<TriMesh>,
        double_sided: bool,
        /// Its transform mirrored it: its fronts face the other way.
        flipped: bool,
    },
    Plane {
        normal: Vector,
        distance: f32,
    },
}

/// A mirrored shape: its form, its margin and the box around it grown by the margin.
#[derive(Debug, Clone)]
pub struct Solid {
    pub form: Form,
    pub margin: f32,
    pub min: Vec3,
    pub max: Vec3,
    /// The engine may join it with its neighbours into shapes of its own making (a tile map
    /// merges the tiles of a quadrant and splits the whole its own way): only their union is
    /// known, so a ray from inside it is the engine's to decide, however deep.
    pub joined: bool,
}

pub(crate) fn v(p: Vec3) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

fn back(p: Vector) -> Vec3 {
    Vec3::new(p.x, p.y, p.z)
}

/// The margin of a shape whose own margin is `own` and whose bounds are `size` across
/// (`sized`: a shape whose error grows with its size).
#[must_use]
pub fn margin_of(own: f32, size: f32, sized: bool) -> f32 {
    let own = if own.is_finite() { own.max(0.0) } else { 0.0 };
    let sized_part = if sized {
        size.clamp(0.0, 1.0e6) * SIZED_MARGIN_PER_METRE
    } else {
        0.0
    };
    BASE_MARGIN + own + sized_part
}

/// A basis read as a rotation and a scale per axis, if its axes are square to each other.
fn rotation_and_scale(basis: &[Vec3; 3]) -> Option<(Rot3, Vec3)> {
    let s = Vec3::new(basis[0].length(), basis[1].length(), basis[2].length());
    if s.min_element() <= 1.0e-9 || !s.is_finite() {
        return None;
    }
    let square = |a: Vec3, b: Vec3| a.dot(b).abs() <= SCALE_TOLERANCE * a.length() * b.length();
    if !(square(basis[0], basis[1]) && square(basis[1], basis[2]) && square(basis[0], basis[2])) {
        return None;
    }
    let x = basis[0] / s.x;
    let y = basis[1] / s.y;
    // A mirrored basis: the shapes are symmetric, so the third axis may turn round.
    let z = x.cross(y);
    let m = parry3d::math::Mat3::from_cols(v(x), v(y), v(z));
    Some((Rot3::from_mat3(&m).normalize(), s))
}

fn even(a: f32, b: f32) -> bool {
    (a - b).abs() <= SCALE_TOLERANCE * a.abs().max(b.abs())
}

fn point(basis: &[Vec3; 3], origin: Vec3, p: Vec3) -> Vec3 {
    origin + basis[0] * p.x + basis[1] * p.y + basis[2] * p.z
}

impl Solid {
    /// The shape in world space.
    ///
    /// # Errors
    /// A shape the mirror cannot keep exactly (see [`NotMirrored`]).
    pub fn new(placed: &Placed) -> Result<Solid, NotMirrored> {
        let Placed {
            basis,
            origin,
            shape,
            own_margin,
        } = placed;
        let origin = *origin;
        let finite = basis.iter().all(|c| c.is_finite()) && origin.is_finite();
        if !finite {
            return Err(NotMirrored::Degenerate);
        }
        let turned = rotation_and_scale(basis);
        let form = match shape {
            Local::Box { half } => match turned {
                Some((rot, s)) => Form::Box {
                    pose: Pose::from_parts(v(origin), rot),
                    half: v(*half * s),
                },
                None => {
                    let mut corners = Vec::with_capacity(8);
                    for i in 0..8 {
                        let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                        let c = Vec3::new(half.x * sign(1), half.y * sign(2), half.z * sign(4));
                        corners.push(point(basis, origin, c));
                    }
                    convex(&corners, 0.0)?
                }
            },
            Local::Sphere { radius } => {
                let (_, s) = turned.ok_or(NotMirrored::UnevenScale)?;
                if !(even(s.x, s.y) && even(s.y, s.z)) {
                    return Err(NotMirrored::UnevenScale);
                }
                Form::Ball {
                    center: v(origin),
                    radius: radius * s.x,
                }
            }
            Local::Capsule { radius, height } => {
                let (_, s) = turned.ok_or(NotMirrored::UnevenScale)?;
                if !(even(s.x, s.y) && even(s.y, s.z)) {
                    return Err(NotMirrored::UnevenScale);
                }
                let half_segment = (height * 0.5 - radius).max(0.0);
                let a = point(basis, origin, Vec3::new(0.0, -half_segment, 0.0));
                let b = point(basis, origin, Vec3::new(0.0, half_segment, 0.0));
                Form::Capsule {
                    a: v(a),
                    b: v(b),
                    radius: radius * s.x,
                }
            }
            Local::Cylinder { radius, height } => {
                let (rot, s) = turned.ok_or(NotMirrored::UnevenScale)?;
                if !even(s.x, s.z) {
                    return Err(NotMirrored::UnevenScale);
                }
                Form::Cylinder {
                    pose: Pose::from_parts(v(origin), rot),
                    half_height: height * 0.5 * s.y,
                    radius: radius * s.x,
                }
            }
            Local::Convex { points } => {
                let world: Vec<Vec3> = points.iter().map(|p| point(basis, origin, *p)).collect();
                convex(&world, 0.0)?
            }
            Local::Concave {
                faces,
                double_sided,
            } => {
                let world: Vec<Vector> =
                    faces.iter().map(|p| v(point(basis, origin, *p))).collect();
                let triangles = (0..world.len() as u32 / 3)
                    .map(|t| [t * 3, t * 3 + 1, t * 3 + 2])
                    .collect::<Vec<_>>();
                if triangles.is_empty() {
                    return Err(NotMirrored::Degenerate);
                }
                let mesh = TriMesh::new(world, triangles).map_err(|_| NotMirrored::Degenerate)?;
                // A transform that mirrors the mesh turns its triangles' winding round.
                let m = glam::Mat3::from_cols(basis[0], basis[1], basis[2]);
                let flipped = m.determinant() < 0.0;
                Form::Mesh {
                    mesh: Box::new(mesh),
                    double_sided: *double_sided,
                    flipped,
                }
            }
            Local::Boundary { normal, distance } => {
                // The plane's point and normal carried by the transform (a plane keeps its
                // meaning under any invertible map: the normal goes by the inverse transpose).
                let n = normal.normalize_or_zero();
                if n == Vec3::ZERO {
                    return Err(NotMirrored::Degenerate);
                }
                let m = glam::Mat3::from_cols(basis[0], basis[1], basis[2]);
                if m.determinant().abs() <= 1.0e-12 {
                    return Err(NotMirrored::Degenerate);
                }
                let on = point(basis, origin, n * *distance);
                let wn = (m.inverse().transpose() * n).normalize();
                Form::Plane {
                    normal: v(wn),
                    distance: wn.dot(on),
                }
            }
        };
        let (min, max) = bounds(&form);
        // Meshes, and the shapes parry casts rays at by iteration (cylinders and hulls), err
        // in proportion to their size.
        let sized = matches!(
            form,
            Form::Mesh { .. } | Form::Convex { .. } | Form::Cylinder { .. }
        );
        let margin = margin_of(*own_margin, (max - min).max_element(), sized);
        let form = match form {
            Form::Convex { grown, .. } => {
                let pts: Vec<Vec3> = grown.points().iter().map(|p| back(*p)).collect();
                convex(&pts, margin)?
            }
            other => other,
        };
        let grow = Vec3::splat(margin);
        Ok(Solid {
            form,
            margin,
            min: min - grow,
            max: max + grow,
            joined: false,
        })
    }

    /// How the ray from `from` along `dir` (its whole length is 1) meets this shape.
    #[must_use]
    pub fn reach(&self, from: Vec3, dir: Vec3) -> Reach {
        let m = self.margin;
        let ray = Ray::new(v(from), v(dir));
        let near = match &self.form {
            Form::Mesh { mesh, .. } => {
                let options = ShapeCastOptions {
                    max_time_of_impact: 1.0,
                    stop_at_penetration: true,
                    ..ShapeCastOptions::default()
                };
                let hit = cast_shapes(
                    &Pose::from_translation(v(from)),
                    v(dir),
                    &Ball::new(m),
                    &Pose::IDENTITY,
                    Vector::ZERO,
                    &**mesh,
                    options,
                );
                match hit {
                    Ok(Some(h)) => Some(h.time_of_impact),
                    Ok(None) => None,
                    // A query parry cannot make: the engine decides.
                    Err(_) => return Reach::Inside,
                }
            }
            form => cast_grown(form, m, &ray),
        };
        let Some(near) = near else {
            return Reach::Miss;
        };
        if near <= 0.0 {
            // A ray that starts inside a solid shape passes out of it unhit (the engines' rays
            // do not hit from inside): deep inside, the shape is as good as absent; near its
            // surface, the engine decides.
            return if !self.joined && deep_inside(&self.form, m, from) {
                Reach::Miss
            } else {
                Reach::Inside
            };
        }
        match sure(&self.form, m, &ray, dir) {
            Some(sure) => Reach::Hit {
                near,
                sure: sure.max(near),
            },
            None => Reach::Near { near },
        }
    }
}

/// A convex hull grown by `margin` (and the hull shrunk by it, if anything is left): scaled
/// about its centre so that every face moves at least the margin.
fn convex(points: &[Vec3], margin: f32) -> Result<Form, NotMirrored> {
    let pts: Vec<Vector> = points.iter().map(|p| v(*p)).collect();
    let hull = ConvexPolyhedron::from_convex_hull(&pts).ok_or(NotMirrored::Degenerate)?;
    if margin <= 0.0 {
        return Ok(Form::Convex {
            grown: Box::new(hull),
            shrunk: None,
        });
    }
    let centre = hull.points().iter().copied().sum::<Vector>() / hull.points().len() as f32;
    // The nearest face to the centre sets the scale: moved by the margin, every farther
    // face moves more.
    let nearest = hull
        .faces()
        .iter()
        .map(|f| {
            let n = f.normal;
            let on = hull.points()
                [hull.vertices_adj_to_face()[f.first_vertex_or_edge as usize] as usize];
            (on - centre).dot(n)
        })
        .fold(f32::INFINITY, f32::min);
    if !(nearest.is_finite() && nearest > 0.0) {
        return Err(NotMirrored::Degenerate);
    }
    let scaled = |k: f32| -> Option<ConvexPolyhedron> {
        let p: Vec<Vector> = hull
            .points()
            .iter()
            .map(|p| centre + (*p - centre) * k)
            .collect();
        ConvexPolyhedron::from_convex_hull(&p)
    };
    let grown = Box::new(scaled(1.0 + margin / nearest).ok_or(NotMirrored::Degenerate)?);
    let shrunk = (nearest > margin)
        .then(|| scaled(1.0 - margin / nearest))
        .flatten()
        .map(Box::new);
    Ok(Form::Convex { grown, shrunk })
}

/// Where the ray first comes within `m` of the shape: its cast against the shape grown.
fn cast_grown(form: &Form, m: f32, ray: &Ray) -> Option<f32> {
    match form {
        Form::Box { pose, half } => {
            Cuboid::new(*half + Vector::splat(m)).cast_ray(pose, ray, 1.0, true)
        }
        Form::Ball { center, radius } => {
            Ball::new(radius + m).cast_ray(&Pose::from_translation(*center), ray, 1.0, true)
        }
        Form::Capsule { a, b, radius } => {
            Capsule::new(*a, *b, radius + m).cast_ray(&Pose::IDENTITY, ray, 1.0, true)
        }
        Form::Cylinder {
            pose,
            half_height,
            radius,
        } => Cylinder::new(half_height + m, radius + m).cast_ray(pose, ray, 1.0, true),
        Form::Convex { grown, .. } => grown.cast_ray(&Pose::IDENTITY, ray, 1.0, true),
        Form::Plane { normal, distance } => plane(*normal, distance + m, ray),
        Form::Mesh { .. } => None,
    }
}

/// Where the ray is surely inside the shape, if it gets there: inside a part that every
/// engine's version of the shape contains.
fn sure(form: &Form, m: f32, ray: &Ray, dir: Vec3) -> Option<f32> {
    match form {
        // A box whose edges an engine rounds by at most `m` still holds the box shrunk by `m`
        // across two of its axes and whole across the third, for each axis in turn.
        Form::Box { pose, half } => (0..3)
            .filter_map(|axis| {
                let mut h = *half - Vector::splat(m);
                h[axis] = half[axis];
                (h.min_element() > 0.0)
                    .then(|| Cuboid::new(h).cast_ray(pose, ray, 1.0, true))
                    .flatten()
            })
            .min_by(f32::total_cmp),
        Form::Ball { center, radius } => (*radius > m)
            .then(|| {
                Ball::new(radius - m).cast_ray(&Pose::from_translation(*center), ray, 1.0, true)
            })
            .flatten(),
        Form::Capsule { a, b, radius } => (*radius > m)
            .then(|| Capsule::new(*a, *b, radius - m).cast_ray(&Pose::IDENTITY, ray, 1.0, true))
            .flatten(),
        Form::Cylinder {
            pose,
            half_height,
            radius,
        } => {
            let tall = (*radius > m)
                .then(|| Cylinder::new(*half_height, radius - m).cast_ray(pose, ray, 1.0, true))
                .flatten();
            let wide = (*half_height > m)
                .then(|| Cylinder::new(half_height - m, *radius).cast_ray(pose, ray, 1.0, true))
                .flatten();
            [tall, wide].into_iter().flatten().min_by(f32::total_cmp)
        }
        Form::Convex { shrunk, .. } => shrunk
            .as_ref()
            .and_then(|s| s.cast_ray(&Pose::IDENTITY, ray, 1.0, true)),
        Form::Plane { normal, distance } => plane(*normal, distance - m, ray),
        Form::Mesh {
            mesh,
            double_sided,
            flipped,
        } => {
            let hit = mesh.cast_ray_and_get_normal(&Pose::IDENTITY, ray, 1.0, false)?;
            // The triangle hit (its `feature` says only which side).
            let index = hit.subshape;
            if index as usize >= mesh.num_triangles() {
                return None;
            }
            let tri = mesh.triangle(index);
            let at = back(ray.point_at(hit.time_of_impact));
            let length = dir.length();
            let n = back(tri.normal()?);
            let crossing = n.dot(dir / length);
            // Grazing the face, or near one of its edges: the engine decides.
            if crossing.abs() < LEAST_CROSSING {
                return None;
            }
            // The front of a clockwise triangle faces away from the right-handed normal; a
            // one-sided mesh crossed from behind is the engine's to decide.
            let from_front = (crossing > 0.0) != *flipped;
            if !double_sided && !from_front {
                return None;
            }
            let corners = [back(tri.a), back(tri.b), back(tri.c)];
            let far_from_edges =
                (0..3).all(|i| distance_to_segment(at, corners[i], corners[(i + 1) % 3]) >= m);
            far_from_edges.then_some(hit.time_of_impact)
        }
    }
}

/// Whether `p` is inside the shape by more than `m` (never for a mesh, which has no inside).
fn deep_inside(form: &Form, m: f32, p: Vec3) -> bool {
    use parry3d::query::PointQuery;
    let p = v(p);
    match form {
        Form::Box { pose, half } => {
            let h = *half - Vector::splat(m);
            h.min_element() > 0.0 && Cuboid::new(h).contains_point(pose, p)
        }
        Form::Ball { center, radius } => *radius > m && (p - *center).length() < radius - m,
        Form::Capsule { a, b, radius } => {
            *radius > m && Capsule::new(*a, *b, radius - m).contains_point(&Pose::IDENTITY, p)
        }
        Form::Cylinder {
            pose,
            half_height,
            radius,
        } => {
            *radius > m
                && *half_height > m
                && Cylinder::new(half_height - m, radius - m).contains_point(pose, p)
        }
        Form::Convex { shrunk, .. } => shrunk
            .as_ref()
            .is_some_and(|s| s.contains_point(&Pose::IDENTITY, p)),
        Form::Plane { normal, distance } => normal.dot(p) < distance - m,
        Form::Mesh { .. } => false,
    }
}

/// The ray's entry into the half-space `normal · p <= distance`, as a solid.
fn plane(normal: Vector, distance: f32, ray: &Ray) -> Option<f32> {
    HalfSpace::new(normal).cast_ray(&Pose::from_translation(normal * distance), ray, 1.0, true)
}

fn distance_to_segment(p: Vec3, a: Vec3, b: Vec3) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared().max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}

/// The box around a form, before the margin. An infinite plane is bounded only by the
/// largest finite box.
fn bounds(form: &Form) -> (Vec3, Vec3) {
    let from_corners = |pose: &Pose, half: Vector| {
        let mut lo = Vec3::splat(f32::INFINITY);
        let mut hi = Vec3::splat(f32::NEG_INFINITY);
        for i in 0..8 {
            let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
            let c = Vector::new(half.x * sign(1), half.y * sign(2), half.z * sign(4));
            let p = back(pose * c);
            lo = lo.min(p);
            hi = hi.max(p);
        }
        (lo, hi)
    };
    match form {
        Form::Box { pose, half } => from_corners(pose, *half),
        Form::Cylinder {
            pose,
            half_height,
            radius,
        } => from_corners(pose, Vector::new(*radius, *half_height, *radius)),
        Form::Ball { center, radius } => (back(*center) - *radius, back(*center) + *radius),
        Form::Capsule { a, b, radius } => (back(a.min(*b)) - *radius, back(a.max(*b)) + *radius),
        Form::Convex { grown, .. } => points_bounds(grown.points()),
        Form::Mesh { mesh, .. } => points_bounds(mesh.vertices()),
        Form::Plane { .. } => (Vec3::splat(-f32::MAX / 4.0), Vec3::splat(f32::MAX / 4.0)),
    }
}

fn points_bounds(points: &[Vector]) -> (Vec3, Vec3) {
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for p in points {
        lo = lo.min(back(*p));
        hi = hi.max(back(*p));
    }
    (lo, hi)
}
