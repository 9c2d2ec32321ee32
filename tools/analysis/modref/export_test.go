package modref

// ForgetUnions empties the unions of callee sets that Site remembers.
func (r *Result) ForgetUnions() { r.unions = nil }
