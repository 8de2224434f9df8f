/// Adds `amount` (negative to take) to `lengths` in proportion to `weights` (the lengths whose
/// weight is above 0 take part), none below its `minimum` nor above its `maximum`; returns what
/// could not be placed. A grid's flexible columns and a table's share their spare width so.
@discardableResult
func shareByWeight(
    _ amount: Double, into lengths: inout [Double], weights: [Double], minimum: [Double], maximum: [Double]? = nil
) -> Double {
    var remaining = amount
    var open = Set(lengths.indices.filter { weights[$0] > 0 })
    while abs(remaining) > 0.001, !open.isEmpty {
        let total = open.map { weights[$0] }.reduce(0, +)
        var placed = 0.0
        for index in open {
            let wanted = lengths[index] + remaining * weights[index] / total
            let clamped = min(max(wanted, minimum[index]), maximum?[index] ?? .infinity)
            if clamped != wanted { open.remove(index) }  // at a bound: out of the next round
            placed += clamped - lengths[index]
            lengths[index] = clamped
        }
        remaining -= placed
        if abs(placed) < 0.001 { break }
    }
    return remaining
}
