import ParPairModel

/// The whole mapping from the app's SwiftData model to the store's tables and columns, in one place.
///
/// SwiftData names a table `Z` + the uppercased class name and a column `Z` + the uppercased
/// property name (see the store-format reference, §3.3). Each line below pairs a model property
/// with its column, its kind and whether it may be NULL; if a real store names a column
/// differently, change that one line. The reader and the store writer both follow this mapping.
public enum StoreSchema {
    /// `Baby`: `@Attribute(.unique) var id: UUID`, `var name: String`, `var birthday: Date`.
    public static let baby = EntityMapping(entity: "Baby", table: "ZBABY", timeProperty: "birthday", properties: [
        PropertyMapping("id", column: "ZID", .uuid, .required, unique: true),
        PropertyMapping("name", column: "ZNAME", .text, .required),
        PropertyMapping("birthday", column: "ZBIRTHDAY", .date, .required),
    ])

    /// `FoodLog`: what was fed, how much, from when to when.
    public static let foodLog = EntityMapping(entity: "FoodLog", table: "ZFOODLOG", kind: .food, timeProperty: "startTime", properties: [
        PropertyMapping("id", column: "ZID", .uuid, .required),
        PropertyMapping("type", column: "ZTYPE", .enumeration(EnumDescriptor(FoodType.self)), .required),
        PropertyMapping("amount", column: "ZAMOUNT", .double, .optional),
        PropertyMapping("feedingUnit", column: "ZFEEDINGUNIT", .enumeration(EnumDescriptor(FeedingUnit.self)), .optional),
        PropertyMapping("startTime", column: "ZSTARTTIME", .date, .required),
        PropertyMapping("endTime", column: "ZENDTIME", .date, .optional),
        PropertyMapping("notes", column: "ZNOTES", .text, .emptyWhenNull),
        PropertyMapping("baby", column: "ZBABY", .toOne(entity: "Baby"), .optional),
    ])

    /// `SleepLog`: a sleep session; `endTime` is nil while the timer runs.
    public static let sleepLog = EntityMapping(entity: "SleepLog", table: "ZSLEEPLOG", kind: .sleep, timeProperty: "startTime", properties: [
        PropertyMapping("id", column: "ZID", .uuid, .required),
        PropertyMapping("startTime", column: "ZSTARTTIME", .date, .required),
        PropertyMapping("endTime", column: "ZENDTIME", .date, .optional),
        PropertyMapping("notes", column: "ZNOTES", .text, .emptyWhenNull),
        PropertyMapping("baby", column: "ZBABY", .toOne(entity: "Baby"), .optional),
    ])

    /// `DiaperLog`: one change at one time.
    public static let diaperLog = EntityMapping(entity: "DiaperLog", table: "ZDIAPERLOG", kind: .diaper, timeProperty: "time", properties: [
        PropertyMapping("id", column: "ZID", .uuid, .required),
        PropertyMapping("type", column: "ZTYPE", .enumeration(EnumDescriptor(DiaperType.self)), .required),
        PropertyMapping("time", column: "ZTIME", .date, .required),
        PropertyMapping("notes", column: "ZNOTES", .text, .emptyWhenNull),
        PropertyMapping("baby", column: "ZBABY", .toOne(entity: "Baby"), .optional),
    ])

    /// `ActivityLog`: tummy time, bath, play, ….
    public static let activityLog = EntityMapping(entity: "ActivityLog", table: "ZACTIVITYLOG", kind: .activity, timeProperty: "startTime", properties: [
        PropertyMapping("id", column: "ZID", .uuid, .required),
        PropertyMapping("type", column: "ZTYPE", .enumeration(EnumDescriptor(ActivityType.self)), .required),
        PropertyMapping("startTime", column: "ZSTARTTIME", .date, .required),
        PropertyMapping("endTime", column: "ZENDTIME", .date, .optional),
        PropertyMapping("notes", column: "ZNOTES", .text, .emptyWhenNull),
        PropertyMapping("baby", column: "ZBABY", .toOne(entity: "Baby"), .optional),
    ])

    /// The log entities in `LogKind` order.
    public static let logs: [EntityMapping] = [foodLog, sleepLog, diaperLog, activityLog]

    /// Every entity of the app's model, babies first.
    public static let entities: [EntityMapping] = [baby] + logs

    /// The mapping of one kind of log.
    public static func mapping(for kind: LogKind) -> EntityMapping {
        switch kind {
        case .food: foodLog
        case .sleep: sleepLog
        case .diaper: diaperLog
        case .activity: activityLog
        }
    }

    /// Core Data's primary-key column, present in every entity table.
    public static let rowIDColumn = "Z_PK"

    /// The entities a store must have to be a ParPair store (in `Z_PRIMARYKEY`, or as tables).
    public static let requiredEntities: [EntityMapping] = [baby, foodLog]

    /// SwiftData's column name for a property or an enum case: `Z` + the name uppercased.
    public static func columnName(for propertyOrCase: String) -> String {
        "Z" + propertyOrCase.uppercased()
    }
}
