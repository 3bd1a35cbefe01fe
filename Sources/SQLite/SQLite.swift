import CSQLite
import Foundation

func _probe() -> Int32 { sqlite3_libversion_number() }
