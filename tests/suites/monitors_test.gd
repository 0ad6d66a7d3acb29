extends ApsTestSuite
## APS's custom monitors report the same figures as ApsWorld.get_stats().

const MONITORS := {
	"APS/Passes per frame": "frame_passes",
	"APS/Rays per frame": "frame_rays",
	"APS/Time per frame (usec)": "frame_usec",
	"APS/Time in rays per frame (usec)": "frame_ray_usec",
	"APS/Perceivers at LOD 0": "perceivers_tier_0",
	"APS/Perceivers at LOD 1": "perceivers_tier_1",
	"APS/Perceivers at LOD 2": "perceivers_tier_2",
	"APS/Perceivers at LOD 3": "perceivers_tier_3",
	"APS/Perceivers suspended": "perceivers_tier_4",
	"APS/Beliefs held": "beliefs",
}


func test_monitors_report_the_same_figures_as_get_stats() -> void:
	ApsWorldBuilder.floor(self)
	for i in 6:
		ApsWorldBuilder.guard(self, Vector3(i * 2, 0, 0), Vector3.FORWARD)
	ApsWorldBuilder.body(self, Vector3(4, 0, -8), "Runner")
	await seconds(1.0)
	var passes_seen := 0
	var beliefs_seen := 0
	for frame in 12:
		await frames(1)
		var stats := ApsWorld.get_stats()
		for id in MONITORS:
			if not expect(Performance.has_custom_monitor(id), "%s is registered" % id):
				continue
			expect_eq(int(Performance.get_custom_monitor(id)), stats[MONITORS[id]], id)
		passes_seen += stats["frame_passes"]
		beliefs_seen = stats["beliefs"]
	expect(passes_seen > 0, "passes ran in those frames")
	expect_eq(beliefs_seen, 6, "each guard holds one belief, the runner")
	var tiers := 0
	for t in 5:
		tiers += ApsWorld.get_stats()["perceivers_tier_%d" % t]
	expect_eq(tiers, ApsWorld.get_last_frame_stats()["perceivers"], "every perceiver is in a tier")
	# Time in rays is part of APS's time, and there is some once rays are cast.
	var frame := ApsWorld.get_last_frame_stats()
	var totals := ApsWorld.get_stats()
	expect(
		totals["ray_usec"] > 0 and totals["ray_usec"] <= totals["time_usec"],
		"time in rays %d us of %d us" % [totals["ray_usec"], totals["time_usec"]]
	)
	expect(
		frame["ray_usec"] <= frame["time_usec"],
		"a frame's rays %d of %d us" % [frame["ray_usec"], frame["time_usec"]]
	)
