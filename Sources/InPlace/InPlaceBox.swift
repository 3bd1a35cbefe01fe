/// A value on the heap that is read and changed in place through closures, with exclusive access
/// checked by a counter of its own rather than by the runtime's dynamic exclusivity check.
///
/// A class's stored `var` costs a dynamic check on every access (a runtime call that looks up a
/// thread-local access set); a type that is called once per row, many times a second, pays that per
/// row. This box checks the same rule with a flag and a count stored beside the value.
///
/// **Invariant** (what makes the pointer access sound): while `modify` runs, nothing else reads or
/// changes the value; while `read` runs, nothing changes it. Both enforce it: `modify` traps when the
/// value is being read or changed already (a body that reaches its own box again), `read` traps while
/// it is being changed; readers may nest. The box is not `Sendable`, so the compiler keeps it to one
/// concurrency domain, and the counter needs no atomics. Only this type touches the pointer, which it
/// allocates in `init` and frees in `deinit`.
///
/// ```swift
/// let totals = InPlaceBox([0, 0])
/// totals.modify { $0[1] += 1 }
/// let second = totals.read { $0[1] }   // 1
/// ```
public final class InPlaceBox<Value> {
    @usableFromInline
    struct Slot {
        /// Readers inside `read`; -1 while `modify` runs.
        @usableFromInline var users: Int
        @usableFromInline var value: Value
    }

    @usableFromInline
    let slot: UnsafeMutablePointer<Slot>

    /// Holds `value`.
    public init(_ value: Value) {
        slot = .allocate(capacity: 1)
        slot.initialize(to: Slot(users: 0, value: value))
    }

    deinit {
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// Changes the value in place and returns what `body` returns.
    ///
    /// Traps when the value is already being read or changed (from inside `read` or `modify` of the same box).
    @inlinable @inline(__always)
    public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        precondition(slot.pointee.users == 0, "InPlaceBox.modify while the value is being read or changed")
        slot.pointee.users = -1
        defer { slot.pointee.users = 0 }
        return try body(&slot.pointee.value)
    }

    /// Reads the value in place and returns what `body` returns.
    ///
    /// Traps when the value is being changed (from inside `modify` of the same box).
    @inlinable @inline(__always)
    public func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        precondition(slot.pointee.users >= 0, "InPlaceBox.read while the value is being changed")
        slot.pointee.users += 1
        defer { slot.pointee.users -= 1 }
        return try body(slot.pointee.value)
    }
}
