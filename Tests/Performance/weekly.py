#!/usr/bin/env python3
"""Weekly figures per baby and age-week in plain Python: the peer that Tests/Performance/compare.sh
times beside `parpair-report` and the sqlite3 shell.

    python3 Tests/Performance/weekly.py STORE > weekly.csv

A straightforward script: the standard library's sqlite3 reads every row, and Python does the
arithmetic. It computes the same figures as weekly.sql, with the same simplifications (UTC days;
each sleep's whole length goes to the week it starts in; overlapping sleeps are not merged; no
findings): feeds by type, formula and pumped-milk ml (oz converted, negative amounts and feeds over
1,000 ml left out), solids g, sleeps and sleep hours, diapers with wet = Wet + Mixed and
dirty = Dirty + Mixed. Logs before the birthday or after 2026-11-20 count nowhere.
"""
import csv
import datetime
import sys
import sqlite3

DAY = 86400
OUNCE_ML = 29.5735295625
TODAY = (datetime.date(2026, 11, 20) - datetime.date(2001, 1, 1)).days


def main(path):
    connection = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    birth_days = {pk: int(birthday // DAY) for pk, birthday in connection.execute("SELECT Z_PK, ZBIRTHDAY FROM ZBABY")}

    def week_of(baby, time):
        birth_day = birth_days.get(baby)
        if birth_day is None or time is None:
            return None
        day = int(time // DAY)
        if day < birth_day or day > TODAY:
            return None
        return (baby, (day - birth_day) // 7)

    feeds = {}
    for baby, kind, amount, unit, start in connection.execute(
            "SELECT ZBABY, ZTYPE, ZAMOUNT, ZFEEDINGUNIT, ZSTARTTIME FROM ZFOODLOG"):
        key = week_of(baby, start)
        if key is None:
            continue
        row = feeds.get(key)
        if row is None:
            row = feeds[key] = {"feeds": 0, "breastfeeding": 0, "formula": 0, "pumped_milk": 0, "solids": 0,
                                "formula_ml": 0.0, "pumped_milk_ml": 0.0, "solids_g": 0.0}
        row["feeds"] += 1
        ml = None
        if amount is not None and amount >= 0:
            if unit == "ml":
                ml = amount
            elif unit == "oz":
                ml = amount * OUNCE_ML
        if kind == "Breastfeeding":
            row["breastfeeding"] += 1
        elif kind == "Formula":
            row["formula"] += 1
            if ml is not None and ml <= 1000:
                row["formula_ml"] += ml
        elif kind == "Pumped Milk":
            row["pumped_milk"] += 1
            if ml is not None and ml <= 1000:
                row["pumped_milk_ml"] += ml
        elif kind == "Solids":
            row["solids"] += 1
            if unit == "g" and amount is not None and amount >= 0:
                row["solids_g"] += amount

    sleeps = {}
    for baby, start, end in connection.execute("SELECT ZBABY, ZSTARTTIME, ZENDTIME FROM ZSLEEPLOG"):
        key = week_of(baby, start)
        if key is None:
            continue
        row = sleeps.get(key)
        if row is None:
            row = sleeps[key] = {"sleeps": 0, "seconds": 0.0}
        row["sleeps"] += 1
        if end is not None and start <= end <= start + DAY:
            row["seconds"] += end - start

    diapers = {}
    for baby, kind, time in connection.execute("SELECT ZBABY, ZTYPE, ZTIME FROM ZDIAPERLOG"):
        key = week_of(baby, time)
        if key is None:
            continue
        row = diapers.get(key)
        if row is None:
            row = diapers[key] = {"diapers": 0, "wet": 0, "dirty": 0, "mixed": 0, "dry": 0}
        row["diapers"] += 1
        if kind == "Wet":
            row["wet"] += 1
        elif kind == "Dirty":
            row["dirty"] += 1
        elif kind == "Mixed":
            row["wet"] += 1
            row["dirty"] += 1
            row["mixed"] += 1
        elif kind == "Dry":
            row["dry"] += 1
    connection.close()

    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["baby", "week", "feeds", "breastfeeding", "formula", "pumped_milk", "solids",
                  "formula_ml", "pumped_milk_ml", "solids_g"])
    for (baby, week), row in sorted(feeds.items()):
        out.writerow([baby, week, row["feeds"], row["breastfeeding"], row["formula"], row["pumped_milk"], row["solids"],
                      "%.1f" % row["formula_ml"], "%.1f" % row["pumped_milk_ml"], "%.1f" % row["solids_g"]])
    out.writerow(["baby", "week", "sleeps", "sleep_h"])
    for (baby, week), row in sorted(sleeps.items()):
        out.writerow([baby, week, row["sleeps"], "%.2f" % (row["seconds"] / 3600)])
    out.writerow(["baby", "week", "diapers", "wet", "dirty", "mixed", "dry"])
    for (baby, week), row in sorted(diapers.items()):
        out.writerow([baby, week, row["diapers"], row["wet"], row["dirty"], row["mixed"], row["dry"]])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: weekly.py STORE")
    main(sys.argv[1])
