/// Notes a parent might type, with punctuation, quotes, emoji and one non-Latin line.
enum SampleNotes {
    static let food = [
        "Spit up a little",
        "Fussy at the start, then ate well",
        "Left side, then right",
        "Grandma gave the bottle",
        "Refused the last 20 ml",
        "Ate \"all\" of it, mostly on the bib",
        "Cluster feeding again…",
        "Hiccups after, burped twice 😊",
    ]
    static let solids = [
        "Tried carrots 🥕, not a fan",
        "Loved the banana!",
        "Oatmeal with pear; messy",
    ]
    static let sleep = [
        "Fell asleep in the car",
        "Contact nap 😴",
        "Woke up crying, settled after 10 min",
        "In the stroller, outside",
    ]
    static let diaper = [
        "Rash, applied cream",
        "Blowout! Changed clothes too",
        "Greenish; keep an eye on it",
    ]
    static let activity = [
        "Rolled over for the first time!",
        "Loved the water, lots of splashing",
        "Read \"Goodnight Moon\", twice",
        "おばあちゃんと散歩",
        "Lifted head, 45° for a few seconds",
    ]
}
