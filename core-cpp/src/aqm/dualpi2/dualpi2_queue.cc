#include "aqm/dualpi2/dualpi2_queue.h"

namespace aqmlab {

const AqmDescriptor& DualPi2Queue::Describe() {
  static const AqmDescriptor d{
      "dualpi2",
      "DualPI2 (L4S)",
      "De Schepper, Briscoe & White, Dual-Queue Coupled Active Queue Management (AQM) for Low "
      "Latency, Low Loss, and Scalable Throughput (L4S), RFC 9332, 2023 (Linux sch_dualpi2)",
      "Two queues by ECN codepoint: a PI2 controller on the larger queue delay sets p'; the "
      "Classic queue drops or marks with p'^2, the L queue marks with k p' or when a packet "
      "waited over its step threshold; a weighted round robin serves them.",
      SpecsOf<dualpi2::Params>(kFields),
      {{"base_p", "Base probability p'", ""},
       {"p_c", "Classic probability p_C", ""},
       {"p_cl", "Coupled L probability p_CL", ""},
       {"l_qdelay", "L sojourn (last packet)", "ms"},
       {"c_qdelay", "Classic sojourn (last packet)", "ms"},
       {"step_marks", "L step marks", ""},
       {"coupled_marks", "L coupled marks", ""},
       {"overload_drops", "L drops in overload", ""},
       {"credit", "Scheduler credit", "bytes"},
       {"l_unstepped", "L packets the step left", ""},
       {"c_departures", "Classic packets judged", ""},
       {"c_signals", "Classic signals (p_C)", ""}},
      LawText{R"tex(\begin{gathered} p' \leftarrow p' + \alpha\,(\tau - \tau_{ref}) + \beta\,(\tau - \tau_{old}),\ \tau = \max(\tau_L, \tau_C) \\ p_C = p'^2,\quad p_L = \max\big(p_{CL},\ [\tau_L > \tau_{step}]\big),\ p_{CL} = k\,p' \end{gathered})tex",
              "DualPI2 keeps two queues behind one link: packets marked ECT(1) by a scalable sender such as TCP Prague wait in a shallow L queue, all others in the Classic queue. One PI controller on the larger queue delay sets a base probability p\u2032; Classic packets are dropped or marked with its square, L packets are marked with k times it, or at once when they waited longer than the step threshold \u03c4_step. Because p_C = (p_L / k)^2, a Classic and a scalable flow end up with about the same rate while the L queue stays almost empty; a weighted round robin keeps a share of the link, the classic protection, for the Classic queue.",
              "De Schepper, Briscoe & White, DualQ Coupled AQM for L4S (RFC 9332, 2023)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\tau_L)tex", LawSource::kSignal, "l_qdelay"},
               {R"tex(\tau_C)tex", LawSource::kSignal, "c_qdelay"},
               {R"tex(\tau_{ref})tex", LawSource::kParam, "target_ms"},
               {R"tex(\tau_{step})tex", LawSource::kParam, "step_thresh_ms"},
               {R"tex(p')tex", LawSource::kSignal, "base_p"},
               {R"tex(p_C)tex", LawSource::kSignal, "p_c"},
               {R"tex(p_{CL})tex", LawSource::kSignal, "p_cl"},
               {R"tex(k)tex", LawSource::kParam, "k"},
               {R"tex(\alpha)tex", LawSource::kParam, "alpha"},
               {R"tex(\beta)tex", LawSource::kParam, "beta"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""},
       {"step_thresh_ms", LevelChart::kDelay, "L step", 1, ""}},
      {{"l", "L queue"}, {"c", "Classic queue"}}};
  return d;
}

DualPi2Queue::DualPi2Queue(const QueueDiscEnv& env, const dualpi2::Params& params)
    : ParamQueue(env, params), weights_(dualpi2::SchedulerWeights(params)) {
  UseOwnStorage();
  credit_ = dualpi2::InitialCredit(weights_, mtu());
  StartPeriodicTimer(Time::Millis(params_.t_update_ms));
}

Packet* DualPi2Queue::NextPacket(Time) {
  // Linux's dequeue_packet: L first while the credit is <= 0 (or the
  // Classic queue is empty); each byte sent moves the credit by +wc (L) or
  // -wl (Classic).
  const bool l_turn = !l_.empty() && (c_.empty() || credit_ <= 0);
  taken_from_l_ = l_turn;
  Packet* p = (l_turn ? l_ : c_).PopFront();
  pending_credit_ = (l_turn ? weights_.wc : -weights_.wl) * p->size;
  return p;
}

Decision DualPi2Queue::OnDeparture(const DepartureContext& ctx) {
  Decision d;
  if (taken_from_l_) {
    l_qdelay_ = ctx.sojourn;
    const dualpi2::LVerdict v =
        dualpi2::OnL(params_, state_, ctx.sojourn, ctx.queue_bytes, mtu(), ctx.uniform);
    ++counts_.l_departures;
    if (v.cause != dualpi2::LCause::kStep) ++counts_.l_unstepped;
    if (v.cause == dualpi2::LCause::kStep) ++counts_.step_marks;
    if (v.cause == dualpi2::LCause::kCoupled) ++counts_.coupled_marks;
    if (v.cause == dualpi2::LCause::kOverloadDrop) ++counts_.overload_drops;
    d = v.decision;
  } else {
    c_qdelay_ = ctx.sojourn;
    d = dualpi2::OnClassic(params_, state_, ctx.queue_bytes, mtu(), ctx.uniform);
    ++counts_.c_departures;
    if (d != Decision::kPass) ++counts_.c_signals;
  }
  // A dropped packet does not move the credit (Linux applies the change of
  // the packet it finally returns).
  const bool sent = d == Decision::kPass || (d == Decision::kCongest && CongestWouldMark());
  if (sent) {
    credit_ += pending_credit_;
    (taken_from_l_ ? counts_.l_bytes_sent : counts_.c_bytes_sent) += ctx.packet_bytes;
  }
  return d;
}

void DualPi2Queue::OnIdleStart(Time) {
  // Both queues empty: Linux's dualpi2_reset_c_protection.
  credit_ = dualpi2::InitialCredit(weights_, mtu());
  l_qdelay_ = Time();
  c_qdelay_ = Time();
}

void DualPi2Queue::OnTimer(Time now) {
  const Time l_head = l_.empty() ? Time() : now - l_.front()->enqueued_at;
  const Time c_head = c_.empty() ? Time() : now - c_.front()->enqueued_at;
  dualpi2::Update(params_, state_, l_head, c_head);
}

void DualPi2Queue::OnParamChanged(std::string_view name) {
  if (name == "t_update_ms") StartPeriodicTimer(Time::Millis(params_.t_update_ms));
  if (name == "classic_protection") weights_ = dualpi2::SchedulerWeights(params_);
}

void DualPi2Queue::ReadSignals(std::span<double> out) const {
  out[0] = state_.p;
  out[1] = dualpi2::ClassicP(state_.p);
  out[2] = dualpi2::CoupledP(params_, state_.p);
  out[3] = l_qdelay_.millis();
  out[4] = c_qdelay_.millis();
  out[5] = static_cast<double>(counts_.step_marks);
  out[6] = static_cast<double>(counts_.coupled_marks);
  out[7] = static_cast<double>(counts_.overload_drops);
  out[8] = static_cast<double>(credit_);
  // Cumulative, so a span's measured rates are differences: the coupled
  // rate coupled_marks / l_unstepped, the Classic rate c_signals / c_departures.
  out[9] = static_cast<double>(counts_.l_unstepped);
  out[10] = static_cast<double>(counts_.c_departures);
  out[11] = static_cast<double>(counts_.c_signals);
}

}  // namespace aqmlab
