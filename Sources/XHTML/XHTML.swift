import CLibXML2
import Foundation

func _probe() -> Int32 { xmlKeepBlanksDefault(0) }
