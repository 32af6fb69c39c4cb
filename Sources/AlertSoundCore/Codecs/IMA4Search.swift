// Over 400 lines on purpose: the search is one algorithm (plan, start states, beam, emit) whose
// constants and scratch layout only make sense read together.
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
        /// Paths kept per sample: in packets the greedy encoder codes worse than `hardSNR`, between
        /// it and `easySNR`, and above. Wide beams pay off on attacks, pulses and edges (a square
        /// wave: +3.6 dB at 16 paths, +1.8 dB at 8); on noise-like packets 8 finds nearly as much,
        /// and on smooth ones 4 does.
        static let hardWidth = 16
        static let midWidth = 8
        static let easyWidth = 4
        static let hardSNR = 30.0  // 15 dB, as a power ratio
        static let easySNR = 1000.0  // 30 dB
        /// The search's time budget, counted in the paths it makes (`credit`, per channel, from the
        /// start of the stream), `budgetPaths` a packet: 3.5 widths' worth. Each block's credit
        /// goes to its noisiest packets first (``plan(_:samples:start:stride:packetStride:packets:)``),
        /// so short sounds get the full search everywhere and long ones where the error is; past
        /// the plan (a block's last packet), a packet gets the width it asks for while the credit
        /// lasts, never below `minimumWidth`. Counting paths made rather than widths given keeps the
        /// bound whatever the material (a sweep makes more paths a width than a tone does): 29 s of
        /// stereo stays under 0.6 s on two cores (scripts/bench-quality: 0.57 s on white noise, the
        /// worst; 4 widths took 0.62 s, 5 took 0.86 s). `creditCap` is there from the start: about
        /// two seconds of audio at the widest search.
        static let budgetPaths = 7 * pathsPerWidth / 2
        static let minimumWidth = 2
        /// Paths a search of width 1 makes over a packet, about (64 samples, 3 to 4 codes a path).
        static let pathsPerWidth = 224
        static let creditCap = 16_384 * pathsPerWidth
        /// Paths within one step index are told apart by their predictor's top 6 bits: enough
        /// variety for high frequencies, few enough to keep the beam on different step sizes.
        static let predictorShift: Int32 = 10
        /// Larger codes tried past the nearest: one more raises the step for what comes next.
        static let reach = 1
        /// Reset preambles tried, around the running step index and the first sample's value,
        /// ranked by the greedy error over the first `resetSamples`; the best is searched.
        static let resetIndexDeltas: [Int32] = [-8, -4, -2, 0, 2, 4, 8, 16]
        static let resetSamples = 24
        /// Step indices whose neighbouring predictors are tried too (of `resetIndexDeltas`' eight):
        /// all of them while the allowance lasts (a short sound), the best two past it
        /// (half the time on white noise, 0.05 dB less there).
        static let resetRefined = 2

        /// For step index i and code size m (at `i * 8 + m`): the predictor's move, as the decoder's
        /// shift-add makes it, and the next step index. Looked up rather than recomputed per candidate.
        static let moves: [Int32] = stepTable.flatMap { step in
            (0..<8).map { m in
                (step >> 3) + (m & 4 != 0 ? step : 0) + (m & 2 != 0 ? step >> 1 : 0) + (m & 1 != 0 ? step >> 2 : 0)
            }
        }
        static let successors: [UInt8] = (0..<stepTable.count).flatMap { i in
            (0..<8).map { m in UInt8(min(max(Int32(i) + indexAdjust[m], 0), IMA4.maximumIndex)) }
        }
        /// At most this many codes are tried from one path: up to three small sizes and one large,
        /// or the largest small size and up to three large ones. A sample's new paths are counted in
        /// an `Int8`, so `hardWidth * codesPerPath` < 128.
        static let codesPerPath = 4

        private var credit = creditCap
        /// The widths ``plan(_:samples:start:stride:packetStride:packets:)`` gave the block's
        /// packets, taken in order; past them a packet gets what the credit allows.
        private var planned: [UInt8] = []
        private var nextPlanned = 0
        private var x = [Int32](repeating: 0, count: framesPerPacket)
        private var codes = [UInt8](repeating: 0, count: framesPerPacket)

        /// A state a packet can start from, and what the greedy encoder makes of it.
        struct Start {
            var predictor: Int32
            var index: Int32
            var preamble: UInt16
            var greedyError: Int64
        }

        mutating func encodePacket<Meter: PacketMeter>(
            _ state: inout ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int,
            into out: UnsafeMutablePointer<UInt8>, meter: inout Meter
        ) {
            let planned: Int? = nextPlanned < self.planned.count ? Int(self.planned[nextPlanned]) : nil
            if planned != nil { nextPlanned += 1 }
            var energy: Int64 = 0
            for i in 0..<framesPerPacket {
                x[i] = Int32(samples[start + i * stride])
                energy += Int64(x[i]) * Int64(x[i])
            }
            let running = Start(
                predictor: state.predictor, index: state.index, preamble: state.preamble,
                greedyError: greedyError(predictor: state.predictor, index: state.index, length: framesPerPacket))
            // Nothing to gain on a packet the running state already codes exactly (digital silence).
            if running.greedyError == 0 {
                greedyCodes(predictor: running.predictor, index: running.index)
                emit(running, meter: &meter, state: &state, into: out)
                return
            }
            let width: Int
            if let given = planned {
                credit = min(credit + Self.budgetPaths, Self.creditCap)
                width = given
            } else {
                width = Self.width(Self.wanted(error: running.greedyError, energy: energy), credit: &credit)
            }
            let refined = credit > Self.creditCap / 4 ? Self.resetIndexDeltas.count : Self.resetRefined
            let starts = [running] + (bestReset(from: state, refined: refined).map { [$0] } ?? [])
            let (bestStart, bestError, made) = search(starts, width: width)
            credit -= made
            // The running state coded greedily is Apple's packet: never do worse than it.
            var from = running
            if bestError < running.greedyError {
                from = starts[bestStart]
            } else {
                greedyCodes(predictor: running.predictor, index: running.index)
            }
            emit(from, meter: &meter, state: &state, into: out)
        }

        /// The widths the last plan gave, for tests.
        var plannedWidths: [Int] { planned.map(Int.init) }
        /// Sets the credit, for tests that start past the allowance.
        mutating func setCredit(_ value: Int) { credit = value }

        /// The width a packet asks for: wider where Apple's greedy coding of it is noisier.
        static func wanted(error: Int64, energy: Int64) -> Int {
            let noise = Double(error)
            return noise * easySNR < Double(energy)
                ? easyWidth : noise * hardSNR < Double(energy) ? midWidth : hardWidth
        }

        /// Budget by need: the block's packets are coded greedily once from `state` (a cheap
        /// estimate of each one's noise), every packet gets `minimumWidth`, and the credit plus the
        /// block's budget goes to the noisiest packets first, each the width it asks for. The
        /// total stays the bound ``width(_:credit:)`` keeps, but the paths go where the error is:
        /// the attacks of speech-like bursts rather than the silence between them.
        mutating func plan(
            _ state: ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int, packetStride: Int,
            packets: Int
        ) {
            nextPlanned = 0
            guard packets > 1 else {
                planned = []
                return
            }
            var errors = [Int64](repeating: 0, count: packets), wants = [Int](repeating: 0, count: packets)
            var predictor = state.predictor, index = state.index
            stepTable.withUnsafeBufferPointer { steps in
                indexAdjust.withUnsafeBufferPointer { adjust in
                    for p in 0..<packets {
                        var error: Int64 = 0, energy: Int64 = 0
                        let base = start + p * packetStride
                        for i in 0..<framesPerPacket {
                            let sample = samples[base + i * stride]
                            _ = quantize(sample, predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                            let e = Int64(Int32(sample) - predictor)
                            error += e * e
                            energy += Int64(sample) * Int64(sample)
                        }
                        errors[p] = error
                        wants[p] = error == 0 ? Self.minimumWidth : Self.wanted(error: error, energy: energy)
                    }
                }
            }
            var pool = credit + packets * (Self.budgetPaths - Self.minimumWidth * Self.pathsPerWidth)
            var widths = [UInt8](repeating: UInt8(Self.minimumWidth), count: packets)
            for p in (0..<packets).sorted(by: { errors[$0] > errors[$1] }) where pool > 0 {
                let extra = min(wants[p] - Self.minimumWidth, pool / Self.pathsPerWidth)
                guard extra > 0 else { continue }
                widths[p] += UInt8(extra)
                pool -= extra * Self.pathsPerWidth
            }
            planned = widths
        }

        /// Writes the packet of `codes` from `start`, decoding it as a player will: the meter hears
        /// it, and the state carries on.
        private func emit<Meter: PacketMeter>(
            _ from: Start, meter: inout Meter, state: inout ChannelState, into out: UnsafeMutablePointer<UInt8>
        ) {
            out[0] = UInt8(from.preamble >> 8)
            out[1] = UInt8(from.preamble & 0xFF)
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

        /// The width a packet gets when it asks for `wanted`, the packet's budget added to the
        /// credit: all of it while the credit lasts, at least `minimumWidth`. The caller takes the
        /// paths the search made off the credit, so over any run of packets they add up to at most
        /// `creditCap + budgetPaths * packets` and one packet's at `minimumWidth`:
        /// the bound on the search's time.
        static func width(_ wanted: Int, credit: inout Int) -> Int {
            credit = min(credit + budgetPaths, creditCap)
            return max(minimumWidth, min(wanted, credit / pathsPerWidth))
        }

        /// The reset preamble whose greedy start is best, among those the decoder will not ignore.
        private func bestReset(from state: ChannelState, refined: Int) -> Start? {
            var best: Start?
            let nearFirst = min(max((x[0] + 64) & ~0x7F, -32768), 32640)
            let nearRunning = min(max((state.predictor + 64) & ~0x7F, -32768), 32640)
            func consider(_ predictor: Int32, _ index: Int32) -> Int64 {
                guard (-32768...32640).contains(predictor),
                    // A preamble this close to the running state is ignored by the decoder.
                    index != state.index || abs(predictor - state.predictor) > 0x7F
                else { return .max }
                let error = greedyError(
                    predictor: predictor, index: index, length: Self.resetSamples, limit: best?.greedyError ?? .max)
                if error < best?.greedyError ?? .max {
                    let preamble = UInt16(bitPattern: Int16(predictor)) & 0xFF80 | UInt16(index)
                    best = Start(predictor: predictor, index: index, preamble: preamble, greedyError: error)
                }
                return error
            }
            // The step index matters most: each is tried at the first sample's value, then the
            // `refined` best also at the predictors beside it and at the running one.
            var ranked: [(index: Int32, error: Int64)] = []
            for delta in Self.resetIndexDeltas {
                let index = min(max(state.index + delta, 0), IMA4.maximumIndex)
                ranked.append((index, consider(nearFirst, index)))
            }
            ranked.sort { $0.error < $1.error }
            for (index, _) in ranked.prefix(refined) {
                _ = consider(nearFirst - 128, index)
                _ = consider(nearFirst + 128, index)
                _ = consider(nearRunning, index)
            }
            return best
        }

        /// The greedy encoder's squared error over the first `length` samples from a start; once it
        /// reaches `limit` (the best start so far) the rest cannot matter, and it stops there.
        private func greedyError(
            predictor start: Int32, index startIndex: Int32, length: Int, limit: Int64 = .max
        ) -> Int64 {
            var predictor = start, index = startIndex, error: Int64 = 0
            stepTable.withUnsafeBufferPointer { steps in
                indexAdjust.withUnsafeBufferPointer { adjust in
                    for i in 0..<length where error < limit {
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
                        codes[i] = quantize(
                            Int16(x[i]), predictor: &predictor, index: &index, steps: steps, adjust: adjust)
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
        private mutating func search(_ starts: [Start], width: Int) -> (start: Int, error: Int64, made: Int) {
            let keys = stepTable.count << (16 - Int(Self.predictorShift))
            // Scratch on the stack, handed to a function of raw pointers: in a closure that captures
            // them, the loop's state went through memory on every candidate.
            return withUnsafeTemporaryAllocation(of: Node.self, capacity: width * (1 + Self.codesPerPath)) { nodes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * framesPerPacket * width) { bytes in
                    withUnsafeTemporaryAllocation(of: Int8.self, capacity: keys) { slots in
                        x.withUnsafeBufferPointer { x in
                            codes.withUnsafeMutableBufferPointer { codes in
                                Self.moves.withUnsafeBufferPointer { moves in
                                    Self.successors.withUnsafeBufferPointer { successors in
                                        slots.baseAddress!.initialize(repeating: -1, count: keys)
                                        return Self.beam(
                                            x: x.baseAddress!, starts: starts, width: width, moves: moves.baseAddress!,
                                            successors: successors.baseAddress!, nodes: nodes.baseAddress!,
                                            bytes: bytes.baseAddress!, slotOf: slots.baseAddress!,
                                            codes: codes.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The search proper. `nodes` holds `width * (1 + codesPerPath)` paths, `bytes` two bytes a
        /// path a sample, `slotOf` one entry a key, all -1.
        private static func beam(
            x: UnsafePointer<Int32>, starts: [Start], width: Int, moves: UnsafePointer<Int32>,
            successors: UnsafePointer<UInt8>, nodes: UnsafeMutablePointer<Node>, bytes: UnsafeMutablePointer<UInt8>,
            slotOf: UnsafeMutablePointer<Int8>, codes: UnsafeMutablePointer<UInt8>
        ) -> (start: Int, error: Int64, made: Int) {
            let n = framesPerPacket
            let shift = predictorShift
            let regions = 1 << (16 - Int(shift))
            let reach = Self.reach
            let cur = nodes, nxt = nodes + width
            let parent = bytes, chosen = bytes + n * width
            var count = 0, made = 0
            for (k, s) in starts.enumerated() where count < width {
                cur[count] = Node(predictor: s.predictor, index: UInt8(s.index), origin: UInt8(k), error: 0)
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
                    // Past a large nearest size, only the largest small one (the others step the
                    // index down just as much, from further away) and the large ones next to it.
                    var magnitude = size >= 4 ? 3 : max(size &- 1, 0)
                    let lastSmall = min(size &+ 1, 3)
                    let firstLarge = max(4, size &- 1)
                    let top = min(7, max(size, 3) &+ reach)
                    while magnitude <= top {
                        let entry = row &+ magnitude
                        let code = sign | UInt8(truncatingIfNeeded: magnitude)
                        made &+= 1
                        magnitude = magnitude < 4 && magnitude >= lastSmall ? firstLarge : magnitude &+ 1
                        let diff = moves[entry]
                        let value = sign != 0 ? max(node.predictor &- diff, -32768) : min(node.predictor &+ diff, 32767)
                        let e = Int64(target &- value)
                        let error = node.error &+ e &* e
                        let index = successors[entry]
                        let k = Int(index) &* regions &+ Int((value &+ 32768) >> shift)
                        let at = Int(slotOf[k])
                        if at < 0 {
                            slotOf[k] = Int8(truncatingIfNeeded: nextCount)
                            nxt[nextCount] = Node(
                                predictor: value, index: index, origin: node.origin,
                                parent: UInt8(truncatingIfNeeded: slot), code: code, error: error)
                            nextCount &+= 1
                        } else if error < nxt[at].error {
                            nxt[at] = Node(
                                predictor: value, index: index, origin: node.origin,
                                parent: UInt8(truncatingIfNeeded: slot), code: code, error: error)
                        }
                    }
                }
                // Keep the cheapest `width`, sorted: a partial insertion sort, as there are only a few dozen.
                let kept = min(nextCount, width)
                for j in 0..<nextCount {
                    let node = nxt[j]
                    slotOf[Int(node.index) &* regions &+ Int((node.predictor &+ 32768) >> shift)] = -1
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
                let row = i &* width
                for slot in 0..<count {
                    parent[row &+ slot] = cur[slot].parent
                    chosen[row &+ slot] = cur[slot].code
                }
            }
            var slot = 0
            for i in stride(from: n - 1, through: 0, by: -1) {
                codes[i] = chosen[i * width + slot]
                slot = Int(parent[i * width + slot])
            }
            return (Int(cur[0].origin), cur[0].error, made)
        }
    }

    /// One path of the beam: the decoder state it leads to and the squared error it has cost.
    /// 16 bytes: the beam copies these more than it does anything else.
    struct Node {
        var predictor: Int32
        var index: UInt8
        /// The start it began from, the slot it came from at the previous sample, and the code taken.
        var origin: UInt8 = 0
        var parent: UInt8 = 0
        var code: UInt8 = 0
        var error: Int64
    }
}
