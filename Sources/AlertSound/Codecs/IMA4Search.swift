extension IMA4 {
    /// A quantizer that searches: for each packet it picks the start state (the decoder's running
    /// state, or a fresh preamble the decoder will reset to) and then the 4-bit codes by a beam
    /// search that minimises the squared error of the decoded samples.
    ///
    /// Apple's greedy encoder looks at one sample at a time and always continues the running state.
    /// Two freedoms are left unused: a code slightly worse now can leave the step size better
    /// placed for the samples after it, and every 64 frames the preamble can restart the decoder
    /// at any predictor and step index (only a preamble close to the running state is ignored,
    /// notes §3). The stream stays standard: any IMA4 decoder reproduces exactly what this measures.
    ///
    /// The constants were chosen with `scripts/bench-quality` (the session notes give the runs).
    struct SearchingQuantizer: PacketQuantizer {
        /// Paths kept per sample in packets the greedy encoder codes worse than `easySNR`, and in
        /// the others. Wider beams pay off on attacks and pulses; on smooth packets 4 finds as much.
        static let hardWidth = 16
        static let easyWidth = 4
        static let easySNR = 1000.0 // 30 dB, as a power ratio
        /// Paths within one step index are told apart by their predictor's top 6 bits: enough
        /// variety for high frequencies, few enough to keep the beam on different step sizes.
        static let predictorShift: Int32 = 10
        /// Larger codes tried past the nearest: one more raises the step for what comes next.
        static let reach = 1
        /// Reset preambles tried, around the running step index and the first sample's value,
        /// ranked by the greedy error over the first `resetSamples`; the best is searched.
        static let resetIndexDeltas: [Int32] = [-8, -4, -2, 0, 2, 4, 8, 16]
        static let resetSamples = 24

        /// For step index i and code size m (at `i * 8 + m`): the predictor's move, as the decoder's
        /// shift-add makes it, and the next step index. Looked up rather than recomputed per candidate.
        static let moves: [Int32] = stepTable.flatMap { step in
            (0..<8).map { m in (step >> 3) + (m & 4 != 0 ? step : 0) + (m & 2 != 0 ? step >> 1 : 0) + (m & 1 != 0 ? step >> 2 : 0) }
        }
        static let successors: [UInt8] = (0..<stepTable.count).flatMap { i in
            (0..<8).map { m in UInt8(min(max(Int32(i) + indexAdjust[m], 0), 88)) }
        }
        /// At most this many codes are tried from one path (three small sizes, four large).
        static let codesPerPath = 7

        private var x = [Int32](repeating: 0, count: framesPerPacket)
        private var codes = [UInt8](repeating: 0, count: framesPerPacket)

        /// A state a packet can start from, and what the greedy encoder makes of it.
        struct Start {
            var predictor: Int32
            var index: Int32
            var preamble: UInt16
            var greedyError: Int64
        }

        mutating func encodePacket<Meter: PacketMeter>(_ state: inout ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int,
                                                       into out: UnsafeMutablePointer<UInt8>, meter: inout Meter) {
            var energy: Int64 = 0
            for i in 0..<framesPerPacket {
                x[i] = Int32(samples[start + i * stride])
                energy += Int64(x[i]) * Int64(x[i])
            }
            let running = Start(predictor: state.predictor, index: state.index, preamble: state.preamble,
                                greedyError: greedyError(predictor: state.predictor, index: state.index, length: framesPerPacket))
            let starts = [running] + (bestReset(from: state).map { [$0] } ?? [])
            let easy = Double(running.greedyError) * Self.easySNR < Double(energy)
            let (bestStart, bestError) = search(starts, width: easy ? Self.easyWidth : Self.hardWidth)
            // The running state coded greedily is Apple's packet: never do worse than it.
            var from = running
            if bestError < running.greedyError {
                from = starts[bestStart]
            } else {
                greedyCodes(predictor: running.predictor, index: running.index)
            }
            out[0] = UInt8(from.preamble >> 8)
            out[1] = UInt8(from.preamble & 0xFF)
            // Decode what was chosen, as a player will: the meter hears it, and the state carries on.
            var decoder = ChannelState()
            decoder.predictor = from.predictor
            decoder.index = from.index
            for b in 0..<(framesPerPacket / 2) {
                let low = codes[2 * b], high = codes[2 * b + 1]
                meter.add(sample: Int16(x[2 * b]), reconstructed: Int32(decoder.apply(low)))
                meter.add(sample: Int16(x[2 * b + 1]), reconstructed: Int32(decoder.apply(high)))
                out[2 + b] = low | high << 4
            }
            state = decoder
        }

        /// The reset preamble whose greedy start is best, among those the decoder will not ignore.
        private func bestReset(from state: ChannelState) -> Start? {
            var best: Start?
            let nearFirst = min(max((x[0] + 64) & ~0x7F, -32768), 32640)
            let nearRunning = min(max((state.predictor + 64) & ~0x7F, -32768), 32640)
            for delta in Self.resetIndexDeltas {
                let index = min(max(state.index + delta, 0), 88)
                for predictor in [nearFirst - 128, nearFirst, nearFirst + 128, nearRunning] where (-32768...32640).contains(predictor) {
                    // A preamble this close to the running state is ignored by the decoder.
                    guard index != state.index || abs(predictor - state.predictor) > 0x7F else { continue }
                    let error = greedyError(predictor: predictor, index: index, length: Self.resetSamples)
                    if error < best?.greedyError ?? .max {
                        let preamble = UInt16(bitPattern: Int16(predictor)) & 0xFF80 | UInt16(index)
                        best = Start(predictor: predictor, index: index, preamble: preamble, greedyError: error)
                    }
                }
            }
            return best
        }

        private func greedyError(predictor start: Int32, index startIndex: Int32, length: Int) -> Int64 {
            var predictor = start, index = startIndex, error: Int64 = 0
            stepTable.withUnsafeBufferPointer { steps in
                indexAdjust.withUnsafeBufferPointer { adjust in
                    for i in 0..<length {
                        _ = quantize(Int16(x[i]), predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                        let e = Int64(x[i] - predictor)
                        error += e * e
                    }
                }
            }
            return error
        }

        private mutating func greedyCodes(predictor start: Int32, index startIndex: Int32) {
            var predictor = start, index = startIndex
            stepTable.withUnsafeBufferPointer { steps in
                indexAdjust.withUnsafeBufferPointer { adjust in
                    for i in 0..<framesPerPacket {
                        codes[i] = quantize(Int16(x[i]), predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                    }
                }
            }
        }

        /// Beam search from every start; leaves the best path's codes in `codes` and returns which
        /// start it began from and its squared error.
        ///
        /// The beam keeps one path per step index and predictor region, the cheapest: paths close
        /// in predictor at one step size have nearly the same future, while paths at different step
        /// sizes are what a lookahead needs (raising the step before an attack, lowering it after).
        private mutating func search(_ starts: [Start], width: Int) -> (Int, Int64) {
            let n = framesPerPacket
            let shift = Self.predictorShift
            let regions = 1 << (16 - Int(shift))
            let keys = stepTable.count * regions
            let reach = Self.reach
            var result = (0, Int64.max)
            // Scratch on the stack, and raw pointers: this loop is nearly all of the encoder's time.
            withUnsafeTemporaryAllocation(of: Node.self, capacity: width * (1 + Self.codesPerPath)) { nodes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * n * width) { bytes in
            withUnsafeTemporaryAllocation(of: Int16.self, capacity: keys) { slots in
            x.withUnsafeBufferPointer { x in
            codes.withUnsafeMutableBufferPointer { codes in
            Self.moves.withUnsafeBufferPointer { moves in
            Self.successors.withUnsafeBufferPointer { successors in
                let cur = nodes.baseAddress!, nxt = cur + width
                let parent = bytes.baseAddress!, chosen = parent + n * width
                let slotOf = slots.baseAddress!
                slotOf.initialize(repeating: -1, count: keys)
                @inline(__always) func key(_ node: Node) -> Int {
                    Int(node.index) &* regions &+ Int((node.predictor &+ 32768) >> shift)
                }
                var count = 0
                for (k, s) in starts.enumerated() where count < width {
                    cur[count] = Node(predictor: s.predictor, index: s.index, error: 0, origin: UInt8(k))
                    count += 1
                }
                for i in 0..<n {
                    let target = x[i]
                    var nextCount = 0
                    for slot in 0..<count {
                        let node = cur[slot]
                        let row = Int(node.index) &* 8
                        // The sign that moves toward the sample, and the nearest size in that direction.
                        let sign: UInt8 = target < node.predictor ? 8 : 0
                        let distance = abs(target &- node.predictor)
                        var size = 0
                        while size < 7 && moves[row &+ size &+ 1] <= distance { size &+= 1 }
                        if size < 7 && moves[row &+ size &+ 1] &- distance < distance &- moves[row &+ size] { size &+= 1 }
                        // Sizes 0-3 all step the index down: the nearest of them and its neighbours.
                        // Then the larger sizes up to one past the nearest, each raising the step.
                        var magnitude = max(min(size, 3) &- 1, 0)
                        let lastSmall = min(size &+ 1, 3)
                        let top = min(7, max(size, 3) &+ reach)
                        while magnitude <= top {
                            let code = sign | UInt8(truncatingIfNeeded: magnitude)
                            let entry = row &+ magnitude
                            magnitude = magnitude < 4 && magnitude >= lastSmall ? 4 : magnitude &+ 1
                            let diff = moves[entry]
                            let value = sign != 0 ? max(node.predictor &- diff, -32768) : min(node.predictor &+ diff, 32767)
                            let e = Int64(target &- value)
                            let made = Node(predictor: value, index: Int32(successors[entry]), error: node.error &+ e &* e,
                                            origin: node.origin, parent: UInt8(truncatingIfNeeded: slot), code: code)
                            let k = key(made)
                            let at = Int(slotOf[k])
                            if at < 0 {
                                slotOf[k] = Int16(truncatingIfNeeded: nextCount)
                                nxt[nextCount] = made
                                nextCount &+= 1
                            } else if made.error < nxt[at].error {
                                nxt[at] = made
                            }
                        }
                    }
                    for j in 0..<nextCount { slotOf[key(nxt[j])] = -1 }
                    // Keep the cheapest `width`, sorted: a partial insertion sort, as there are only a few dozen.
                    let kept = min(nextCount, width)
                    for j in 0..<nextCount {
                        let node = nxt[j]
                        var at = min(j, kept)
                        if at == kept {
                            if node.error >= cur[kept &- 1].error { continue }
                            at = kept &- 1
                        }
                        while at > 0 && cur[at &- 1].error > node.error {
                            cur[at] = cur[at &- 1]
                            at &-= 1
                        }
                        cur[at] = node
                    }
                    count = kept
                    for slot in 0..<count {
                        parent[i &* width &+ slot] = cur[slot].parent
                        chosen[i &* width &+ slot] = cur[slot].code
                    }
                }
                result = (Int(cur[0].origin), cur[0].error)
                var slot = 0
                for i in stride(from: n - 1, through: 0, by: -1) {
                    codes[i] = chosen[i * width + slot]
                    slot = Int(parent[i * width + slot])
                }
            }
            }
            }
            }
            }
            }
            }
            return result
        }
    }

    /// One path of the beam: the decoder state it leads to and the squared error it has cost.
    struct Node {
        var predictor: Int32
        var index: Int32
        var error: Int64
        /// The start it began from, the slot it came from at the previous sample, and the code taken.
        var origin: UInt8 = 0
        var parent: UInt8 = 0
        var code: UInt8 = 0
    }
}
