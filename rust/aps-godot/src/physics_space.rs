//! The core's ray seam implemented with Godot's physics: `PhysicsDirectSpaceState3D` (or, for
//! a 2D perceiver, `PhysicsDirectSpaceState2D` on the core's plane) and one reused ray query
//! (design notes: rays are the budget; reuse the query).

use crate::convert::to_vector3;
use crate::dim::{from_pixels, to_pixels, Dim, Spatial, Three, Two, WorldOf};
use aps_core::senses::rays::{BodyId, RayHit, Space};
use aps_core::senses::transmission::Occluders;
use aps_core::Vec3;
use godot::classes::{
    Area2D, Area3D, CollisionObject2D, CollisionObject3D, PhysicsDirectSpaceState2D,
    PhysicsDirectSpaceState3D, PhysicsRayQueryParameters2D, PhysicsRayQueryParameters3D,
};
use smallvec::SmallVec;

/// The physics of one kind of scene as a ray sees it: its query and space classes, and how the
/// core's points go into them. A perceiver's kind is known where it casts, so its rays take
/// this statically; only a world, kept at runtime whatever its kind, holds a [`SpaceState`].
pub trait RayKind: Dim {
    /// `PhysicsRayQueryParameters3D` or `PhysicsRayQueryParameters2D`.
    type Query: GodotClass;
    /// `PhysicsDirectSpaceState3D` or `PhysicsDirectSpaceState2D`.
    type Space: GodotClass;
    /// A new query, excluding `exclude`.
    fn new_query(exclude: &Array<Rid>) -> Gd<Self::Query>;
    fn set_exclude(q: &mut Gd<Self::Query>, exclude: &Array<Rid>);
    fn exclude_of(q: &Gd<Self::Query>) -> Array<Rid>;
    /// The ray from `from` to `to`, in the core's space.
    fn set_line(q: &mut Gd<Self::Query>, from: Vec3, to: Vec3);
    fn set_collision_mask(q: &mut Gd<Self::Query>, mask: u32);
    fn set_collide_with_areas(q: &mut Gd<Self::Query>, on: bool);
    /// Casts `q` through `space`: the hit, or an empty dictionary for a miss.
    fn intersect(space: &mut Gd<Self::Space>, q: &Gd<Self::Query>) -> VarDictionary;
    /// `state` as this kind's space; `None` for a world of the other kind.
    fn space_of(state: SpaceState) -> Option<Gd<Self::Space>>;
}

/// One perceiver's reused ray query.
pub type RayQuery<D> = Gd<<D as RayKind>::Query>;

impl RayKind for Three {
    type Query = PhysicsRayQueryParameters3D;
    type Space = PhysicsDirectSpaceState3D;
    fn new_query(exclude: &Array<Rid>) -> Gd<Self::Query> {
        let mut q = PhysicsRayQueryParameters3D::new_gd();
        q.set_exclude(exclude);
        q
    }
    fn set_exclude(q: &mut Gd<Self::Query>, exclude: &Array<Rid>) {
        q.set_exclude(exclude);
    }
    fn exclude_of(q: &Gd<Self::Query>) -> Array<Rid> {
        q.get_exclude()
    }
    fn set_line(q: &mut Gd<Self::Query>, from: Vec3, to: Vec3) {
        q.set_from(to_vector3(from));
        q.set_to(to_vector3(to));
    }
    fn set_collision_mask(q: &mut Gd<Self::Query>, mask: u32) {
        q.set_collision_mask(mask);
    }
    fn set_collide_with_areas(q: &mut Gd<Self::Query>, on: bool) {
        q.set_collide_with_areas(on);
    }
    fn intersect(space: &mut Gd<Self::Space>, q: &Gd<Self::Query>) -> VarDictionary {
        space.intersect_ray(q)
    }
    fn space_of(state: SpaceState) -> Option<Gd<Self::Space>> {
        match state {
            SpaceState::Three(s) => Some(s),
            SpaceState::Two(_) => None,
        }
    }
}

impl RayKind for Two {
    type Query = PhysicsRayQueryParameters2D;
    type Space = PhysicsDirectSpaceState2D;
    fn new_query(exclude: &Array<Rid>) -> Gd<Self::Query> {
        let mut q = PhysicsRayQueryParameters2D::new_gd();
        q.set_exclude(exclude);
        q
    }
    fn set_exclude(q: &mut Gd<Self::Query>, exclude: &Array<Rid>) {
        q.set_exclude(exclude);
    }
    fn exclude_of(q: &Gd<Self::Query>) -> Array<Rid> {
        q.get_exclude()
    }
    fn set_line(q: &mut Gd<Self::Query>, from: Vec3, to: Vec3) {
        q.set_from(to_pixels(from));
        q.set_to(to_pixels(to));
    }
    fn set_collision_mask(q: &mut Gd<Self::Query>, mask: u32) {
        q.set_collision_mask(mask);
    }
    fn set_collide_with_areas(q: &mut Gd<Self::Query>, on: bool) {
        q.set_collide_with_areas(on);
    }
    fn intersect(space: &mut Gd<Self::Space>, q: &Gd<Self::Query>) -> VarDictionary {
        space.intersect_ray(q)
    }
    fn space_of(state: SpaceState) -> Option<Gd<Self::Space>> {
        match state {
            SpaceState::Two(s) => Some(s),
            SpaceState::Three(_) => None,
        }
    }
}

/// A world's physics space, in 3D or 2D.
#[derive(Debug, Clone)]
pub enum SpaceState {
    Three(Gd<PhysicsDirectSpaceState3D>),
    Two(Gd<PhysicsDirectSpaceState2D>),
}

/// The most areas that are no occluder one ray passes before it counts as stopped.
const MAX_AREAS_PASSED: u32 = 4;
use godot::prelude::*;

/// Ray queries through one world's physics space for one perceiver.
///
/// Every engine call costs a few hundred nanoseconds beside the query itself, so a ray makes
/// as few as it can: the mask is set only when it changes, and the hit is read with one lookup
/// of a key built once.
pub struct GodotSpace<'a, D: RayKind> {
    state: Gd<D::Space>,
    /// Reused between rays and ticks; its exclusion list holds the perceiver's own bodies.
    query: &'a mut RayQuery<D>,
    mask: Option<u32>,
    collider_id: Variant,
    position: Variant,
    /// Read where each ray stopped (for debug drawing); otherwise the ray's end stands in.
    hit_points: bool,
    /// How many of the core's exclusions are the perceiver's own bodies, which the query
    /// already excludes; those past them are occluders a trace has passed.
    own: usize,
    /// The exclusions the query holds for the perceiver (its own bodies' RIDs).
    base_exclude: Option<Array<Rid>>,
    /// Some occluder is an Area3D: rays stop at areas, and areas that are no occluder are
    /// passed as if they were not there.
    areas: Option<Occluders>,
    /// The navigation map paths come from, if the world has navigation.
    navigation: Option<Rid>,
    /// The body each part of a perceivable body belongs to: a hit on a part is a hit on it.
    part_owners: Option<crate::parts::PartOwners>,
    /// The world whose static mirror each ray asks first, and whether the engine checks its
    /// answers (shadow mode).
    mirror: Option<(crate::world_key::WorldKey, bool)>,
    /// Rays cast through this space so far.
    pub rays: u32,
    /// Time spent casting them, every engine call of each ray included (APS's time
    /// beyond its rays is measured against this).
    pub ray_time: std::time::Duration,
}

impl<'a, D: RayKind> GodotSpace<'a, D> {
    /// Rays through `state` with `query`.
    pub fn new(state: Gd<D::Space>, query: &'a mut RayQuery<D>) -> Self {
        GodotSpace {
            state,
            query,
            mask: None,
            collider_id: "collider_id".to_variant(),
            position: "position".to_variant(),
            hit_points: false,
            own: 0,
            base_exclude: None,
            areas: None,
            navigation: None,
            part_owners: None,
            mirror: None,
            rays: 0,
            ray_time: std::time::Duration::ZERO,
        }
    }

    /// Paths for sound around walls come from the navigation map `map`.
    #[must_use]
    pub fn with_navigation(mut self, map: Option<Rid>) -> Self {
        self.navigation = map;
        self
    }

    /// A ray that hits a part of a perceivable body (a hitbox, a ragdoll bone) reports the body
    /// (see `parts`).
    #[must_use]
    pub fn with_part_owners(mut self, owners: crate::parts::PartOwners) -> Self {
        self.part_owners = (!owners.is_empty()).then_some(owners);
        self
    }

    /// Each ray asks the static mirror of world `key` first (see `level_mirror`); in `shadow`
    /// mode the engine casts it as well and its answer is used.
    #[must_use]
    pub fn with_mirror(mut self, mirror: Option<(crate::world_key::WorldKey, bool)>) -> Self {
        self.mirror = mirror;
        self
    }

    /// The perceiver's own bodies are the first `own` of every exclusion list the core gives.
    #[must_use]
    pub fn with_own_count(mut self, own: usize) -> Self {
        self.own = own;
        self
    }

    /// Rays stop at areas, the world having Area3D occluders (`occluders`).
    #[must_use]
    pub fn with_occluder_areas(mut self, occluders: Option<Occluders>) -> Self {
        if occluders.is_some() {
            D::set_collide_with_areas(self.query, true);
        }
        self.areas = occluders;
        self
    }

    /// Casts once, excluding the own bodies and the occluders in `extra`.
    fn cast_excluding(&mut self, extra: &[BodyId]) -> VarDictionary {
        if extra.is_empty() {
            return D::intersect(&mut self.state, self.query);
        }
        let base = self
            .base_exclude
            .get_or_insert_with(|| D::exclude_of(self.query))
            .clone();
        // Godot arrays are shared: a copy, not the query's own list, takes the extras.
        let mut all = base.duplicate_shallow();
        for body in extra {
            if let Some(rid) = InstanceId::try_from_i64(body.0 as i64).and_then(rid_of) {
                all.push(rid);
            }
        }
        D::set_exclude(self.query, &all);
        let hit = D::intersect(&mut self.state, self.query);
        D::set_exclude(self.query, &base);
        hit
    }
}

impl<D: RayKind> GodotSpace<'_, D> {
    /// The same space reading where each ray stopped, when `on`.
    #[must_use]
    pub fn with_hit_points(mut self, on: bool) -> Self {
        self.hit_points = on;
        self
    }
}

impl<D: RayKind> Drop for GodotSpace<'_, D> {
    /// The query is reused by the next pass: it leaves as it came.
    fn drop(&mut self) {
        if self.areas.is_some() {
            D::set_collide_with_areas(self.query, false);
        }
    }
}

impl<D: RayKind> Space for GodotSpace<'_, D> {
    fn has_paths(&self) -> bool {
        self.navigation.is_some()
    }

    /// The navigation server's path between the two (optimized: its corners only).
    fn path(&mut self, from: Vec3, to: Vec3, out: &mut Vec<Vec3>) -> bool {
        out.clear();
        let two_d = D::TWO_D;
        let (Some(map), Some(mut nav)) =
            (self.navigation, crate::navigation::navigation_server(two_d))
        else {
            return false;
        };
        let (from, to) = if two_d {
            (to_pixels(from).to_variant(), to_pixels(to).to_variant())
        } else {
            (to_vector3(from).to_variant(), to_vector3(to).to_variant())
        };
        let path = nav.call(
            "map_get_path",
            &[map.to_variant(), from, to, true.to_variant()],
        );
        if two_d {
            let path = path.try_to::<PackedVector2Array>().unwrap_or_default();
            out.extend(path.as_slice().iter().map(|p| from_pixels(*p)));
        } else {
            let path = path.try_to::<PackedVector3Array>().unwrap_or_default();
            out.extend(path.as_slice().iter().map(|p| crate::convert::to_vec3(*p)));
        }
        !out.is_empty()
    }

    /// The exclusion list is the query's own (set once per pass) for the perceiver's own
    /// bodies, the first of `exclude`; the rest (occluders a trace passed) are added for the
    /// one ray.
    fn cast_ray(&mut self, from: Vec3, to: Vec3, mask: u32, exclude: &[BodyId]) -> Option<RayHit> {
        self.cast_ray_toward(from, to, mask, exclude, None)
    }

    /// The static mirror answers first where it can (see `level_mirror`); the engine answers
    /// the rest.
    fn cast_ray_toward(
        &mut self,
        from: Vec3,
        to: Vec3,
        mask: u32,
        exclude: &[BodyId],
        toward: Option<BodyId>,
    ) -> Option<RayHit> {
        let started = std::time::Instant::now();
        let hit = match self.mirrored(from, to, mask, exclude, toward) {
            Some(hit) => hit,
            None => self.cast(from, to, mask, exclude),
        };
        self.ray_time += started.elapsed();
        hit
    }
}

impl<D: RayKind> GodotSpace<'_, D> {
    /// The mirror's answer, `None` when it has none; in shadow mode the engine's, with the two
    /// compared.
    fn mirrored(
        &mut self,
        from: Vec3,
        to: Vec3,
        mask: u32,
        exclude: &[BodyId],
        toward: Option<BodyId>,
    ) -> Option<Option<RayHit>> {
        let (key, shadow) = self.mirror?;
        // A 2D ray is the engine's at height 0 (`to_pixels` drops the height): so is the
        // mirror's.
        let flat = |p: Vec3| {
            if D::TWO_D {
                Vec3::new(p.x, 0.0, p.z)
            } else {
                p
            }
        };
        let ask = aps_mirror::RayAsk {
            from: flat(from),
            to: flat(to),
            mask,
            exclude,
            toward,
        };
        let answer = crate::level_mirror::ask(key, ask)?;
        let owner = |body: BodyId| -> BodyId {
            let id = body.0 as i64;
            match self.part_owners.as_ref().and_then(|o| o.get(&id)) {
                Some(owner) => BodyId(*owner as u64),
                None => body,
            }
        };
        let hit = match answer {
            aps_mirror::Answer::Unsure => return None,
            aps_mirror::Answer::Clear => None,
            aps_mirror::Answer::Blocked { body, at } => Some(RayHit {
                body: owner(body),
                position: crate::level_mirror::point_at(from, to, at),
            }),
            aps_mirror::Answer::Reaches(body) => Some(RayHit { body, position: to }),
        };
        if !shadow {
            return Some(hit);
        }
        let engine = self.cast(from, to, mask, exclude);
        let reached = |h: Option<RayHit>| h.is_none_or(|h| Some(h.body) == toward);
        let agreed = match (answer, hit, engine) {
            (aps_mirror::Answer::Blocked { .. }, Some(m), Some(e)) => m.body == e.body,
            (aps_mirror::Answer::Blocked { .. }, _, _) => false,
            _ => reached(engine),
        };
        crate::level_mirror::count_shadow(key, agreed);
        if !agreed {
            crate::warnings::error("static_mirror_disagrees", None, || {
                format!(
                    "aps/debug/static_mirror_shadow: the static mirror answered {answer:?} for \
                     the ray from {from} to {to} (mask {mask}), the engine hit {:?}; the \
                     engine's answer is used. Turn aps/static_mirror off if this recurs, and \
                     report the scene",
                    engine.map(|e| e.body)
                )
            });
        }
        Some(engine)
    }
}

impl<D: RayKind> GodotSpace<'_, D> {
    /// One ray of [`Space::cast_ray`], untimed.
    fn cast(&mut self, from: Vec3, to: Vec3, mask: u32, exclude: &[BodyId]) -> Option<RayHit> {
        self.rays += 1;
        let q = &mut *self.query;
        D::set_line(q, from, to);
        if self.mask != Some(mask) {
            D::set_collision_mask(q, mask);
            self.mask = Some(mask);
        }
        let mut extra: SmallVec<[BodyId; 8]> =
            SmallVec::from_slice(exclude.get(self.own..).unwrap_or(&[]));
        let mut hit = self.cast_excluding(&extra);
        // A miss is an empty dictionary: the lookup gives nil, which is no id.
        let mut id: i64 = hit.get_or_nil(&self.collider_id).try_to().ok()?;
        // Stopping at areas for occluder volumes, a ray passes every other area (a trigger
        // zone) as if it were not there, a few at most.
        if let Some(occluders) = self.areas.take() {
            let mut passed = 0;
            while occluders.get(BodyId(id as u64)).is_none()
                && passed < MAX_AREAS_PASSED
                && InstanceId::try_from_i64(id).is_some_and(is_area)
            {
                passed += 1;
                self.rays += 1;
                extra.push(BodyId(id as u64));
                hit = self.cast_excluding(&extra);
                match hit.get_or_nil(&self.collider_id).try_to::<i64>() {
                    Ok(next) => id = next,
                    Err(_) => {
                        self.areas = Some(occluders);
                        return None;
                    }
                }
            }
            self.areas = Some(occluders);
        }
        if let Some(owner) = self.part_owners.as_ref().and_then(|o| o.get(&id)) {
            id = *owner;
        }
        // The senses ask only what was hit; reading the hit point too would cost another
        // lookup per ray, so the ray's end stands in for it unless debug drawing shows it.
        let position = if self.hit_points {
            let at = hit.get_or_nil(&self.position);
            match at.try_to::<Vector3>() {
                Ok(p) => crate::convert::to_vec3(p),
                Err(_) => at.try_to::<Vector2>().map_or(to, from_pixels),
            }
        } else {
            to
        };
        Some(RayHit {
            body: BodyId(id as u64),
            position,
        })
    }
}

/// The physics RID of the collision object `id`, 3D or 2D.
fn rid_of(id: InstanceId) -> Option<Rid> {
    match Gd::<CollisionObject3D>::try_from_instance_id(id) {
        Ok(o) => Some(o.get_rid()),
        Err(_) => Gd::<CollisionObject2D>::try_from_instance_id(id)
            .ok()
            .map(|o| o.get_rid()),
    }
}

/// Whether `id` is an area, 3D or 2D.
fn is_area(id: InstanceId) -> bool {
    Gd::<Area3D>::try_from_instance_id(id).is_ok() || Gd::<Area2D>::try_from_instance_id(id).is_ok()
}

// The physics of a spatial node's world, for its passes.
impl Spatial {
    /// The physics of its world: the space its rays go through, the world's key and the
    /// world's navigation map. `None` outside the tree or with no physics space.
    #[must_use]
    pub fn physics(&self) -> Option<(SpaceState, crate::world_key::WorldKey, Rid)> {
        let (key, world) = self.world()?;
        let (state, map) = world.physics()?;
        Some((state, key, map))
    }
}

// The physics of a Godot world.
impl WorldOf {
    /// The space its rays go through and its navigation map; `None` with no physics space.
    #[must_use]
    pub fn physics(&self) -> Option<(SpaceState, Rid)> {
        match self {
            WorldOf::Three(w) => Some((
                SpaceState::Three(w.get_direct_space_state()?),
                w.get_navigation_map(),
            )),
            WorldOf::Two(w) => Some((
                SpaceState::Two(w.get_direct_space_state()?),
                w.get_navigation_map(),
            )),
        }
    }
}
