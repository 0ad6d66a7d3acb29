//! A world's occluders and sound portals, and its physics space as of a frame.

use super::*;

impl World {
    /// Marks the collision object `id` as an occluder letting `t` through; `area`: it is an
    /// Area3D (a volume of foliage or smoke), which rays then stop at.
    pub fn add_occluder(&mut self, id: InstanceId, t: Transmission, area: bool) {
        self.state_mut()
            .occluders_mut()
            .set(BodyId(id.to_i64() as u64), t);
        if area && !self.occluder_areas.contains(&id) {
            self.occluder_areas.push(id);
        }
    }

    /// `id` is no occluder any more.
    pub fn remove_occluder(&mut self, id: InstanceId) {
        let body = BodyId(id.to_i64() as u64);
        if self.state.occluders().get(body).is_some() {
            self.state_mut().occluders_mut().remove(body);
        }
        self.occluder_areas.retain(|a| *a != id);
    }

    /// Whether rays must stop at areas: some occluder is an Area3D.
    #[must_use]
    pub fn has_occluder_areas(&self) -> bool {
        !self.occluder_areas.is_empty()
    }

    /// `aps/occluders/max_hits_per_ray`, applied when it changes.
    pub fn set_occluder_max_hits(&mut self, hits: i64) {
        let now = i64::from(self.state.occluders().max_hits());
        if now != hits.clamp(1, i64::from(aps_core::senses::transmission::MAX_HITS_LIMIT)) {
            self.state_mut().occluders_mut().set_max_hits(hits);
        }
    }

    /// Adds or moves a sound portal.
    pub fn set_portal(&mut self, portal: aps_core::senses::sound_paths::Portal) {
        self.state_mut().set_portal(portal);
    }

    /// Removes the sound portal `id`.
    pub fn remove_portal(&mut self, id: u64) {
        if self.state.portals().iter().any(|p| p.id == id) {
            self.state_mut().remove_portal(id);
        }
    }

    /// Its physics space in physics frame `frame`, and its navigation map if the map has any
    /// region (paths for sound around walls): asked of `world` (this world's `World3D` or
    /// `World2D`) the first time a frame asks, not once a pass.
    pub fn physics(&mut self, frame: u64, world: &WorldOf) -> Option<(SpaceState, Option<Rid>)> {
        if let Some((f, state, navigation)) = &self.physics {
            if *f == frame {
                return Some((state.clone(), *navigation));
            }
        }
        let (state, map) = world.physics()?;
        // A typed array of region RIDs: true when it holds any.
        let two_d = matches!(world, WorldOf::Two(_));
        let has_regions = crate::navigation::navigation_server(two_d).is_some_and(|mut nav| {
            nav.call("map_get_regions", &[map.to_variant()])
                .booleanize()
        });
        let navigation = has_regions.then_some(map);
        self.physics = Some((frame, state.clone(), navigation));
        Some((state, navigation))
    }
}
