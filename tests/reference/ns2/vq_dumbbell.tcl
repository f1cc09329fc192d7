# The lab's dumbbell in ns-2 (Debian's `ns2`, ns-2.35) with Queue/Vq (AVQ)
# at the bottleneck, for the comparison in core-cpp/src/aqm/avq/README.md.
#
#   ns vq_dumbbell.tcl key value ...   (keys below; prints one JSON line)
#
# Forward flows i = 0..n-1 run from S_i to D_i through R1 -> R2; reverse
# flows from D'_j to S'_j through R2 -> R1, whose data shares R2 -> R1 with
# the forward ACKs and whose ACKs cross the AVQ queue (as the lab's
# "direction": "reverse" groups). RTTs spread as the lab's `even`:
# min + (max - min) frac(k * 0.618...), all the access delay on the
# source's link. Packets are `pkt` bytes on the wire (ns-2 adds 40 B to
# packetSize_), TCP NewReno with an ACK per segment, window 10000.
array set opt {
  cap 10 delay 10 buf 100 pkt 1500 n 50 nrev 0 rttmin 40 rttmax 200
  dur 60 warm 20 seed 1 gamma 0.98 bytes 1 ecn 0 ecnlim 1.0 access 100
}
foreach {k v} $argv { set opt($k) $v }

set ns [new Simulator]
ns-random $opt(seed)
Agent/TCP set packetSize_ [expr {$opt(pkt) - 40}]
Agent/TCP set window_ 10000
Agent/TCP set ecn_ $opt(ecn)
Queue/Vq set queue_in_bytes_ $opt(bytes)
Queue/Vq set mean_pktsize_ $opt(pkt)
Queue/Vq set gamma_ $opt(gamma)
Queue/Vq set ecnlim_ $opt(ecnlim)
Queue/Vq set markpkts_ $opt(ecn)

set r1 [$ns node]
set r2 [$ns node]
$ns simplex-link $r1 $r2 $opt(cap)Mb $opt(delay)ms Vq
$ns simplex-link $r2 $r1 $opt(cap)Mb $opt(delay)ms DropTail
$ns queue-limit $r1 $r2 $opt(buf)
$ns queue-limit $r2 $r1 $opt(buf)

proc rtt_of {k} {
  global opt
  set f [expr {$k * 0.6180339887498949}]
  set f [expr {$f - floor($f)}]
  return [expr {$opt(rttmin) + ($opt(rttmax) - $opt(rttmin)) * $f}]
}

# One flow from a new node at `near` to a new node at `far`.
proc flow {near far k start} {
  global ns opt
  set a [$ns node]
  set b [$ns node]
  set one_way [expr {[rtt_of $k] / 2.0 - $opt(delay)}]
  $ns duplex-link $a $near $opt(access)Mb ${one_way}ms DropTail
  $ns duplex-link $b $far $opt(access)Mb 0ms DropTail
  $ns queue-limit $a $near 100000
  $ns queue-limit $near $a 100000
  set tcp [new Agent/TCP/Newreno]
  set sink [new Agent/TCPSink]
  $ns attach-agent $a $tcp
  $ns attach-agent $b $sink
  $ns connect $tcp $sink
  set ftp [new Application/FTP]
  $ftp attach-agent $tcp
  $ns at $start "$ftp start"
}

for {set i 0} {$i < $opt(n)} {incr i} { flow $r1 $r2 $i [expr {double($i) / $opt(n)}] }
for {set j 0} {$j < $opt(nrev)} {incr j} { flow $r2 $r1 $j [expr {double($j) / $opt(nrev)}] }

set qmon [$ns monitor-queue $r1 $r2 ""]
set vq [[$ns link $r1 $r2] queue]
set samples 0
set qsum 0.0
proc sample {} {
  global ns qmon samples qsum
  incr samples
  set qsum [expr {$qsum + [$qmon set pkts_]}]
  $ns at [expr {[$ns now] + 0.01}] sample
}
proc reset {} {
  global qmon
  foreach v {parrivals_ pdepartures_ pdrops_ bdepartures_} { $qmon set $v 0 }
}
$ns at $opt(warm) "reset; sample"
proc finish {} {
  global qmon samples qsum opt
  set span [expr {$opt(dur) - $opt(warm)}]
  set arr [$qmon set parrivals_]
  puts [format {{"mean_queue_pkts":%.3f,"utilisation":%.4f,"loss_ratio":%.5f,"drops":%d,"arrivals":%d}} \
    [expr {$qsum / $samples}] \
    [expr {8.0 * [$qmon set bdepartures_] / ($opt(cap) * 1e6 * $span)}] \
    [expr {$arr > 0 ? double([$qmon set pdrops_]) / $arr : 0}] \
    [$qmon set pdrops_] $arr]
  exit 0
}
$ns at $opt(dur) finish
$ns run
