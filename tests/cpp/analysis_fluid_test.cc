// The fluid model (analysis/fluid_model.h): a stable PI setting reaches the
// equilibrium W0 = R0 C / N, p0 = 2 N^2 / (R0 C)^2 at q = qref; doubling N
// at an event quadruples p (p0 grows as N^2); RED settles where its curve
// meets p0; drop-tail fills the buffer; inputs out of range name the field.
//
// The model's own equilibrium differs from the spec's closed form by the
// (1 - p) admitted-rate factor: q' = 0 gives W = R0 C / (N (1 - p)) and
// W' = 0 gives p W^2 = 2, so p / (1 - p)^2 = p0 exactly. The tests check
// that relation tightly and the closed form within the (1 - p) gap.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/fluid_model.h"

namespace aqmlab::analysis {
namespace {

FluidInput PiNetwork() {
  FluidInput in;
  in.flows = 60;
  in.capacity_pps = 3750;
  in.prop_rtt_s = 0.2;
  in.buffer_pkts = 800;
  in.aqm = "pi";
  in.params = {{"a", 1.822e-5}, {"b", 1.816e-5}, {"freq_hz", 170}, {"qref", 200}};
  in.duration_s = 100;
  return in;
}

TEST(FluidModel, StablePiReachesTheEquilibrium) {
  const FluidInput in = PiNetwork();
  auto t = RunFluidModel(in);
  ASSERT_TRUE(t.ok()) << t.error();
  const FluidTrajectory& f = t.value();
  const FluidEquilibrium e = Equilibrium(in);
  const double r0 = 200 / 3750.0 + 0.2;
  EXPECT_NEAR(e.r0, r0, 1e-12);
  EXPECT_NEAR(e.w0, r0 * 3750 / 60, 1e-9);
  EXPECT_NEAR(e.p0, 2 * 60.0 * 60 / (r0 * 3750 * r0 * 3750), 1e-12);
  ASSERT_TRUE(e.q0);
  EXPECT_DOUBLE_EQ(*e.q0, 200);
  const double q = f.queue_pkts.back(), w = f.window_pkts.back(), p = f.p.back();
  EXPECT_NEAR(q, 200, 0.5);
  EXPECT_NEAR(p / ((1 - p) * (1 - p)), e.p0, 2e-3 * e.p0);
  EXPECT_NEAR(w, e.w0 / (1 - p), 2e-3 * e.w0);
  EXPECT_NEAR(p, e.p0, 0.02 * e.p0);
  EXPECT_NEAR(w, e.w0, 0.02 * e.w0);
  EXPECT_EQ(f.t.size(), 4001u);  // every 25 ms from 0 to 100 s
}

TEST(FluidModel, PidReachesItsReferenceQueue) {
  FluidInput in = PiNetwork();
  in.aqm = "pid";
  in.params = {{"kp", 8e-5}, {"ki", 4e-5}, {"kd", 2e-6}, {"freq_hz", 50}, {"qref", 200}};
  auto t = RunFluidModel(in);
  ASSERT_TRUE(t.ok()) << t.error();
  const double p = t.value().p.back();
  EXPECT_NEAR(t.value().queue_pkts.back(), 200, 0.5);
  EXPECT_NEAR(p / ((1 - p) * (1 - p)), Equilibrium(in).p0, 2e-3 * Equilibrium(in).p0);
}

TEST(FluidModel, DoublingTheFlowsQuadruplesTheDropProbability) {
  FluidInput in = PiNetwork();
  in.duration_s = 200;
  FluidEvent more;
  more.at_s = 100;
  more.flows = 120;
  in.events = {more};
  auto t = RunFluidModel(in);
  ASSERT_TRUE(t.ok()) << t.error();
  const FluidTrajectory& f = t.value();
  size_t before = 0;
  while (f.t[before + 1] < 99) ++before;
  const double p1 = f.p[before], p2 = f.p.back();
  EXPECT_NEAR(p2 / std::pow(1 - p2, 2) / (p1 / std::pow(1 - p1, 2)), 4.0, 0.02);
  EXPECT_NEAR(f.queue_pkts.back(), 200, 0.5);
}

TEST(FluidModel, RedSettlesWhereItsCurveMeetsP0) {
  FluidInput in;
  in.flows = 60;
  in.capacity_pps = 3750;
  in.prop_rtt_s = 0.2;
  in.buffer_pkts = 800;
  in.aqm = "red";
  in.params = {{"min_th", 50}, {"max_th", 550}, {"max_p", 0.1}, {"wq", 1e-4}, {"gentle", 1}};
  in.duration_s = 300;
  const FluidEquilibrium e = Equilibrium(in);
  ASSERT_TRUE(e.q0);
  EXPECT_GT(*e.q0, 50);
  EXPECT_LT(*e.q0, 550);
  EXPECT_NEAR(0.1 * (*e.q0 - 50) / 500, e.p0, 1e-9);  // the curve meets p0 there
  auto t = RunFluidModel(in);
  ASSERT_TRUE(t.ok());
  EXPECT_NEAR(t.value().queue_pkts.back(), *e.q0, 0.03 * *e.q0);
}

TEST(FluidModel, DropTailFillsTheBuffer) {
  FluidInput in = PiNetwork();
  in.aqm = "droptail";
  in.params.clear();
  in.buffer_pkts = 100;
  auto t = RunFluidModel(in);
  ASSERT_TRUE(t.ok());
  double max_q = 0, max_p = 0;
  for (size_t i = t.value().t.size() / 2; i < t.value().t.size(); ++i) {
    max_q = std::max(max_q, t.value().queue_pkts[i]);
    max_p = std::max(max_p, t.value().p[i]);
  }
  EXPECT_DOUBLE_EQ(max_q, 100);
  EXPECT_GT(max_p, 0);  // the overflow is the only loss
  const FluidEquilibrium e = Equilibrium(in);
  EXPECT_DOUBLE_EQ(*e.q0, 100);
}

TEST(FluidModel, BadInputNamesTheField) {
  FluidInput in = PiNetwork();
  in.capacity_pps = -1;
  EXPECT_EQ(RunFluidModel(in).error(), "capacity_pps: must be in (0, 1e9]");
  in = PiNetwork();
  in.aqm = "codel";
  EXPECT_NE(RunFluidModel(in).error().find("aqm: the fluid model has no law for \"codel\""), std::string::npos);
  in = PiNetwork();
  FluidEvent a, b;
  a.at_s = 5, b.at_s = 2;
  in.events = {a, b};
  EXPECT_EQ(RunFluidModel(in).error(), "events[1].at_s: must be in [0, 1000000] s and not before the previous event");
}

}  // namespace
}  // namespace aqmlab::analysis
