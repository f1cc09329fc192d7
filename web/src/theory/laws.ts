// Each discipline's control law as the lab teaches it: the law in TeX (typeset
// by KaTeX on the page), the variables whose live values sit beside it, one
// paragraph on the idea (written for the lab from the spec,
// ../shared/spec/aqm-algorithms.md), and the paper it comes from. The laws
// are the spec's; the simulation itself is the core's, this is only the text.

/** Where a variable's live value comes from. */
export type Source =
  | { kind: 'param'; name: string } // the side's parameter, with its live changes
  | { kind: 'signal'; name: string } // the discipline's inner signal (column aqm.<name>)
  | { kind: 'column'; name: string }; // a metric column of the side's run (queue_pkts, p)

export interface LawVariable {
  /** The symbol in TeX, as the law writes it. */
  tex: string;
  source: Source;
}

export interface Law {
  tex: string;
  idea: string;
  paper: string;
  variables: readonly LawVariable[];
}

const param = (tex: string, name: string): LawVariable => ({ tex, source: { kind: 'param', name } });
const signal = (tex: string, name: string): LawVariable => ({ tex, source: { kind: 'signal', name } });
const column = (tex: string, name: string): LawVariable => ({ tex, source: { kind: 'column', name } });
const queue = column('q', 'queue_pkts');
const prob = column('p', 'p');

// Long laws are set on two lines (gathered), so a 340 px card holds them.
const maxP = String.raw`\mathrm{max}_p`;
const minTh = String.raw`\mathrm{min}_{th}`;
const maxTh = String.raw`\mathrm{max}_{th}`;
const redAverage = String.raw`\bar q \leftarrow (1-w_q)\,\bar q + w_q\, q`;
const redCurve = String.raw`p_b = ${maxP}\, \frac{\bar q - ${minTh}}{${maxTh} - ${minTh}}`;
const redLaw = String.raw`\begin{gathered} ${redAverage} \\ ${redCurve} \end{gathered}`;
const twoLines = (a: string, b: string) => String.raw`\begin{gathered} ${a} \\ ${b} \end{gathered}`;
const redVariables = [queue, signal(String.raw`\bar q`, 'avg'), param('w_q', 'wq'), param(minTh, 'min_th'), param(maxTh, 'max_th'), param(maxP, 'max_p'), prob];
const lossRatioLaw = (gain: string) => String.raw`p = l + ${gain}\,(q - q_0)`;

export const laws: Record<string, Law> = {
  droptail: {
    tex: String.raw`\text{drop} \iff q = B`,
    idea: 'Drop-tail has no law at all: packets are admitted until the buffer is full. The only signal TCP gets is a burst of losses when the queue overflows, so the queue tends to sit near the buffer size and flows back off together. It is the baseline every AQM paper measures against.',
    paper: 'the FIFO baseline (no paper)',
    variables: [queue],
  },
  red: {
    tex: redLaw,
    idea: 'RED drops early and at random, in proportion to how far a smoothed queue sits between two thresholds. The smoothing lets short bursts through; the randomness spreads the losses over flows so they do not back off in step. Hollot et al. later showed the loop it closes with TCP is stable only for enough flows or a short enough RTT, which is what the badge here checks.',
    paper: 'Floyd & Jacobson, Random Early Detection Gateways (IEEE/ACM ToN 1993)',
    variables: redVariables,
  },
  ared: {
    tex: twoLines(redCurve, String.raw`${maxP} \leftarrow \begin{cases}${maxP} + \min(0.01, ${maxP}/4) & \bar q > \text{band}\\ 0.9\,${maxP} & \bar q < \text{band}\end{cases}`),
    idea: 'Adaptive RED keeps the RED curve but moves max_p slowly (every half second) so that the average queue lands in the middle of the thresholds, whatever the load. Additive increase and multiplicative decrease make the adaptation gentle, so it does not fight the fast RED loop.',
    paper: 'Floyd, Gummadi & Shenker, Adaptive RED (2001)',
    variables: [...redVariables.slice(0, 5), signal(maxP, 'max_p'), prob],
  },
  sred: {
    tex: twoLines(redCurve, String.raw`${maxP} \leftarrow \begin{cases}${maxP}/\alpha & \bar q \downarrow ${minTh}\\ \beta\,${maxP} & \bar q \uparrow ${maxTh}\end{cases}`),
    idea: 'Self-configuring RED changes max_p only when the average queue leaves the band between the thresholds: it divides it when the queue falls below the lower one (RED is too aggressive) and multiplies it when the queue climbs past the upper one (RED is too gentle).',
    paper: 'Feng, Kandlur, Saha & Shin, A self-configuring RED gateway (INFOCOM 1999)',
    variables: [queue, signal(String.raw`\bar q`, 'avg'), param(String.raw`\alpha`, 'alpha'), param(String.raw`\beta`, 'beta'), signal(maxP, 'max_p'), prob],
  },
  autored: {
    tex: twoLines(String.raw`\bar q \leftarrow \bar q + w\,(q - \bar q)`, String.raw`w = p_t(1-p_t)\,\frac{2(a+|d|)}{\ln(a+|d|)}\,\frac{1}{B}`),
    idea: 'AutoRED replaces RED\'s fixed averaging weight by one computed at every packet: it grows with the size of the jump between queue and average, with how evenly the queue has been above and below its average, and shrinks with the buffer. A sudden load change is followed quickly while steady noise is still smoothed.',
    paper: 'Suthaharan, Reduction of queue oscillation in the next generation Internet routers (Computer Communications 2007)',
    variables: [queue, signal(String.raw`\bar q`, 'avg'), signal('w', 'w'), signal(maxP, 'max_p'), prob],
  },
  lred: {
    tex: lossRatioLaw(String.raw`\beta\sqrt{l}`),
    idea: 'LRED measures the loss ratio l over a few seconds and uses it as the base drop probability: at equilibrium that is exactly the rate TCP needs. A small term proportional to the queue error then pulls the queue to q0 within each round trip. The gain is scaled by the square root of l so that the loop stays stable as the load changes; the paper derives the largest stable beta.',
    paper: 'Wang, Li, Hou, Sohraby & Lin, LRED (IEEE INFOCOM 2004)',
    variables: [queue, param('q_0', 'q0'), param(String.raw`\beta`, 'beta'), signal('l', 'l'), signal(String.raw`\beta\sqrt{l}`, 'gain'), prob],
  },
  aopc: {
    tex: twoLines(lossRatioLaw(String.raw`\gamma`), String.raw`\gamma = \frac{f(l)\,(1 + 4 f(l)^2)}{R_{eq}\, C},\quad f(l) = \frac{\sqrt{3l/2}}{1-l}`),
    idea: 'AOPC keeps LRED\'s two time scales but chooses the proportional gain from the measured loss ratio so that the linearised TCP/AQM loop behaves like a second-order system with damping 0.707: fast, with little overshoot, and retuned every measurement period as the number of flows changes.',
    paper: 'Wang & Rong, AOPC: an Adaptive Optimized Proportional Controller for AQM (2005 or later: the copy the lab follows names no venue, its newest reference is from 2005)',
    variables: [queue, param('q_0', 'q0'), param('R_{eq}', 'Req'), signal('l', 'l'), signal(String.raw`\gamma`, 'gamma'), prob],
  },
  msc: {
    tex: twoLines(String.raw`p = \Big[\, p_a + \alpha\,\frac{q - q_{ref}}{q_{ref}} \Big]_0^1`, String.raw`p_a = \begin{cases}1 - 1/\rho & \rho > 1\\ p_{floor} & \rho \le 1\end{cases}`),
    idea: 'MSC works on two time scales. Slowly, it measures the load rho (arrival rate over capacity) and drops 1 - 1/rho of the traffic, which makes the admitted rate equal the capacity whatever the number of flows or their RTTs. Quickly, a term in the queue error steers the queue to its reference.',
    paper: 'Ji & Dong, Design and Analysis of a Multiscale Active Queue Management Scheme (journal regular paper, received 2005, revised 2006)',
    variables: [queue, param('q_{ref}', 'qref'), param(String.raw`\alpha`, 'alpha'), signal(String.raw`\rho`, 'rho'), signal('p_a', 'pa'), prob],
  },
  aaqm: {
    tex: String.raw`U = \frac{A}{B},\qquad P \leftarrow \Big[\, P + P_{1,2}\,(U - 1) \Big]_0^1`,
    idea: 'AAQM compares arrivals with departures over short intervals. When more packets arrive than leave (U above 1) it raises the drop probability, when fewer arrive it lowers it, with separate step sizes up and down. The paper backs its settings with an MMPP queueing model of the buffer, which this page solves for open-loop traffic.',
    paper: 'Rahmani, Åhlund & Kanter, Design of Active Queue Management for Robust Control on Access Router for Heterogeneous Networks (open-access research article, 2011)',
    variables: [queue, signal('U', 'U'), param('P_1', 'P1'), param('P_2', 'P2'), param('T', 'T'), prob],
  },
  blue: {
    tex: String.raw`p \leftarrow \begin{cases} p + d_1 & \text{buffer overflow}\\ p - d_2 & \text{link idle}\end{cases}`,
    idea: 'BLUE ignores the queue length and reacts to the two events that say a queue is mismanaged: a buffer overflow (drop more) and an idle link (drop less). Each change is followed by a freeze time so one episode moves p only once.',
    paper: 'Feng, Kandlur, Saha & Shin, The BLUE AQM algorithms (IEEE/ACM ToN 2002)',
    variables: [queue, param('d_1', 'd1'), param('d_2', 'd2'), prob],
  },
  pi: {
    tex: String.raw`p_k = p_{k-1} + a\,(q_k - q_{ref}) - b\,(q_{k-1} - q_{ref})`,
    idea: 'The PI controller integrates the queue error, so unlike RED it has no steady-state offset: the queue settles on q_ref at any load. Hollot et al. designed a and b from the linearised TCP fluid model so that the loop keeps a phase margin for all loads above a minimum and RTTs below a maximum; the Bode plot here is that loop for the current scenario.',
    paper: 'Hollot, Misra, Towsley & Gong, On designing improved controllers for AQM routers supporting TCP flows (INFOCOM 2001)',
    variables: [queue, signal('q_k', 'q_sample'), param('a', 'a'), param('b', 'b'), param('q_{ref}', 'qref'), prob],
  },
  rem: {
    tex: twoLines(String.raw`u \leftarrow \big[u + \gamma\,(q - (1-\alpha)\,q_{old} - \alpha\, q_0)\big]^+`, String.raw`p = 1 - \phi^{-u}`),
    idea: 'REM keeps a price that rises while the queue is above its target or growing and falls otherwise, and drops with a probability exponential in the price. Prices along a path add up in the exponent, so the end-to-end loss tells a source the sum of the prices it pays.',
    paper: 'Athuraliya, Low, Li & Yin, REM: active queue management (IEEE Network 2001)',
    variables: [queue, param('q_0', 'q0'), param(String.raw`\gamma`, 'gamma'), param(String.raw`\phi`, 'phi'), signal('u', 'price'), prob],
  },
  avq: {
    tex: String.raw`\dot{\tilde C} = \alpha\,(\gamma C - \lambda),\qquad \text{drop} \iff VQ + s > B`,
    idea: 'AVQ runs a virtual queue served at a capacity a little below the real one and drops a real packet whenever the virtual queue would overflow. The virtual capacity is adapted so that the link runs at the desired utilisation gamma, keeping the real queue short.',
    paper: 'Kunniyur & Srikant, AVQ (SIGCOMM 2001)',
    variables: [queue, param(String.raw`\gamma`, 'gamma'), param(String.raw`\alpha`, 'alpha'), signal(String.raw`\tilde C`, 'cv'), signal('VQ', 'vq'), prob],
  },
  pid: {
    tex: twoLines(String.raw`p = K_p\, e + K_i \sum e\,\Delta t + K_d\, \frac{\Delta e}{\Delta t}`, String.raw`e = q - q_{ref}`),
    idea: 'A textbook PID loop on the queue error: the proportional term reacts now, the integral removes the steady offset, the derivative damps the swing. The lab chose its default gains so that its own default scenario is stable; they are not from a paper.',
    paper: 'a classical PID controller, gains set by the lab',
    variables: [queue, param('q_{ref}', 'qref'), param('K_p', 'kp'), param('K_i', 'ki'), param('K_d', 'kd'), signal('e', 'error'), prob],
  },
  sfc: {
    tex: String.raw`p = k_1\,(q - q_0) + a\,(x - C)`,
    idea: 'State feedback uses both states of the fluid model: the queue error and the mismatch between the measured input rate and the capacity. Feeding back the rate as well as the queue lets the controller act before the queue has grown.',
    paper: 'Gao & Hou, A state feedback control approach to stabilizing queues for ECN-enabled TCP (INFOCOM 2003)',
    variables: [queue, param('q_0', 'q0'), param('k_1', 'k1'), param('a', 'a'), signal('x', 'rate'), prob],
  },
  codel: {
    tex: twoLines(String.raw`\text{sojourn} > \text{target for an interval} \Rightarrow \text{drop}`, String.raw`t_{next} = t + \frac{\text{interval}}{\sqrt{n}}`),
    idea: 'CoDel controls the time packets spend in the queue rather than its length. Once every packet of an interval has waited longer than the target, it starts dropping and drops more often the longer the standing queue persists, with the gap shrinking as one over the square root of the drop count.',
    paper: 'Nichols, Jacobson, McGregor & Iyengar, CoDel (RFC 8289, 2018)',
    variables: [queue, signal(String.raw`\text{sojourn}`, 'sojourn'), param(String.raw`\text{target}`, 'target_ms'), param(String.raw`\text{interval}`, 'interval_ms'), signal('n', 'count')],
  },
  fq_codel: {
    tex: twoLines(String.raw`\text{each flow's queue: CoDel}`, String.raw`\text{scheduler: deficit round robin (quantum)}`),
    idea: 'FQ-CoDel hashes flows into separate queues served in deficit round robin, with new flows served first, and runs CoDel on each queue. A bulk flow therefore cannot make a sparse one wait, and each flow\'s own standing queue is kept short.',
    paper: 'Hoeiland-Joergensen et al., FQ-CoDel (RFC 8290, 2018)',
    variables: [queue, signal(String.raw`\text{flows}`, 'active_flows'), signal(String.raw`\text{sojourn}`, 'sojourn'), param(String.raw`\text{target}`, 'target_ms')],
  },
  fq_pie: {
    tex: twoLines(String.raw`\text{each flow's queue: PIE on its own delay}`, String.raw`\text{scheduler: deficit round robin (quantum)}`),
    idea: 'FQ-PIE is the flow queueing of FQ-CoDel with PIE in place of CoDel: flows hashed into separate queues served in deficit round robin, new flows first, and each queue with its own PIE probability, raised while that flow\'s packets wait longer than the target. An arrival is dropped with its own flow\'s probability, so a heavy flow is held back without touching a light one.',
    paper: 'Ramakrishnan et al., FQ-PIE in the Linux kernel (IEEE LCN 2019)',
    variables: [queue, signal(String.raw`\text{flows}`, 'active_flows'), signal(String.raw`\tau`, 'qdelay'), param(String.raw`\tau_{ref}`, 'target_ms'), prob],
  },
  cobalt: {
    tex: twoLines(String.raw`t_{next} = t + \frac{\text{interval}}{\sqrt{n}}\ \text{while sojourn} > \text{target}`, String.raw`p_{\mathrm{BLUE}} \mathrel{+}= p_{inc}\ \text{on overflow},\ \mathrel{-}= p_{dec}\ \text{when empty}`),
    idea: 'COBALT, the AQM inside CAKE, runs CoDel\'s drop schedule but lets the drop count decay slowly instead of resetting it, so a queue that comes back is met at once with the spacing it needed before. Beside it, BLUE keeps a probability that climbs whenever the buffer overflows and falls when the queue empties: a flow that ignores drops still meets a drop rate that matches its excess.',
    paper: 'Hoeiland-Joergensen, Taht & Morton, Piece of CAKE (IEEE LANMAN 2018)',
    variables: [queue, signal(String.raw`\text{sojourn}`, 'sojourn'), param(String.raw`\text{target}`, 'target_ms'), param(String.raw`\text{interval}`, 'interval_ms'), signal('n', 'count'), param('p_{inc}', 'p_inc'), param('p_{dec}', 'p_dec'), prob],
  },
  dualpi2: {
    tex: twoLines(String.raw`p' \leftarrow p' + \alpha\,(\tau - \tau_{ref}) + \beta\,(\tau - \tau_{old}),\ \tau = \max(\tau_L, \tau_C)`, String.raw`p_C = p'^2,\quad p_L = \max\big(k\,p',\ [\tau_L > 1\,\mathrm{ms}]\big)`),
    idea: 'DualPI2 keeps two queues behind one link: packets marked ECT(1) by a scalable sender such as TCP Prague wait in a shallow L queue, all others in the Classic queue. One PI controller on the larger queue delay sets a base probability p\u2032; Classic packets are dropped or marked with its square, L packets are marked with k times it, or at once when they waited over a millisecond. Because p_C = (p_L / k)^2, a Classic and a scalable flow end up with about the same rate while the L queue stays almost empty; a weighted round robin keeps 10% of the link for the Classic queue.',
    paper: 'De Schepper, Briscoe & White, DualQ Coupled AQM for L4S (RFC 9332, 2023)',
    variables: [queue, signal(String.raw`\tau_L`, 'l_qdelay'), signal(String.raw`\tau_C`, 'c_qdelay'), param(String.raw`\tau_{ref}`, 'target_ms'), signal("p'", 'base_p'), signal('p_C', 'p_c'), signal('p_{CL}', 'p_cl'), param('k', 'k'), param(String.raw`\alpha`, 'alpha'), param(String.raw`\beta`, 'beta')],
  },
  pie: {
    tex: String.raw`p \leftarrow p + \alpha\,(\tau - \tau_{ref}) + \beta\,(\tau - \tau_{old})`,
    idea: 'PIE is a PI controller on the queueing delay, estimated from the queue length and the departure rate. It updates every t_update and scales alpha and beta down while p is small, so a lightly loaded link is not pushed around; a burst allowance lets short bursts through untouched.',
    paper: 'Pan, Natarajan, Baker & White, PIE (RFC 8033, 2017)',
    variables: [queue, signal(String.raw`\tau`, 'qdelay'), param(String.raw`\tau_{ref}`, 'target_ms'), param(String.raw`\alpha`, 'alpha'), param(String.raw`\beta`, 'beta'), prob],
  },
};

/** The law of a discipline, or null for one the lab has no text for (a new one registered in the core). */
export function lawOf(aqm: string): Law | null {
  return laws[aqm] ?? null;
}
