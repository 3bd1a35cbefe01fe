import ParPairReport

/// `parpair-report digest STORE --out DIR`: each baby's latest complete week against the week before,
/// as files and as one e-mail, for cron and systemd timers.
enum DigestCommand: Subcommand {
    static let spec = CommandSpec(
        name: .digest, summary: "weekly digests per baby, as files and an e-mail, for cron and systemd timers",
        usage: ["STORE... --out DIR", "STORE... --eml FILE|- --from ADDR --to ADDR[,ADDR...]"], positional: .file,
        description: """
        Writes each baby's weekly digest, made to run unattended every week: the most recent complete
        age-week before today (or week N) against the week before it (feeds, bottle volume, sleep, wet and
        dirty diapers per day, each with its direction), the week's figures and its data-quality findings.

        Which week: week k is days 7k to 7k+6 of life, counted in ZONE. It is complete when its last day,
        7k+6, is before today's day of life; today itself never counts, so every run during week k+1
        reports week k. A baby younger than one week gets no digest but a line saying when the first one
        is due (exit status 0). A week with no logs still gets a digest, which says so.

        Files: DIR/BABY/week-NNN.EXT, e.g. out/leo-37f3d1fd/week-020.md. BABY is the name in lowercase
        ASCII with accents folded (Léo -> leo, Zoë Ångström -> zoe-angstrom), then the first 8 hex digits
        of the baby's id, so two babies named alike (one per phone, say) never share a folder; a name
        without Latin letters, and every baby with --redact, gives baby-ID8. A folder of the right name
        whose CSV is another baby's is refused (exit 73), never written over. Missing folders are created.
        The files are written all or none, each atomically; one that already holds the same bytes is left
        untouched, so a second run on the same day changes nothing. HTML is XHTML 1.0 Strict, validated before anything is
        written; the CSV holds the week's seven days (the columns of 'export --table daily').

        E-mail: --eml writes one RFC 5322 message for the whole run, to pipe to 'sendmail -t' or 'msmtp -t':
        multipart/mixed holding multipart/alternative (the Markdown as text/plain, the XHTML as text/html)
        and each baby's CSV as a text/csv attachment (Léo-week-020.csv, the bytes of the .csv file); with
        --attach csv,pdf also its PDF (Léo-week-020.pdf). --formats …,pdf writes DIR/BABY/week-NNN.pdf; PDFs
        are printed as 'report --format pdf' prints (WeasyPrint or Chromium, --pdf-engine, --paper).
        Several babies share one message, a section and an attachment each; babies without a digest are
        listed at the end, and when no baby has one the message just says when the first is due. Subject:
        each baby with week and dates. Date: 07:00 on today in ZONE, never the clock, so a rerun gives the
        same bytes. Message-ID: a digest of the content at the domain of --from (a rerun repeats it, so a
        mail client shows a message sent twice once). Lines end in CRLF; headers are RFC 2047-encoded.

        Output: the paths written, one a line, then a line per baby without a digest; nothing with --quiet,
        nor with --eml - (standard output is the message). Standard error stays empty unless the run fails:
        then one line and a non-zero status (64 usage or a bad address, 65 bad store, 66 missing store,
        72 built-in XHTML DTD unreadable, 73 cannot create the output, 74 I/O), and no file is left half-written.

        No terminal, HOME or PATH is needed. Without --tz or TZ, days are counted in the system's zone
        (/etc/localtime; UTC when there is none, as in many containers), so give --tz under cron.
        \(StoreArguments.help)
        """,
        examples: [
            "parpair-report digest samples/default.store --out digests --tz America/New_York --today 2026-11-23",
            "parpair-report digest /srv/parpair/default.store --out /srv/parpair/digests --tz Europe/Berlin --quiet --eml /srv/parpair/digests/unsent.eml --from 'ParPair <parpair@example.org>' --to 'ana@example.org,dr.ruiz@clinic.example' && if [ -f /srv/parpair/digests/unsent.eml ]; then msmtp -t < /srv/parpair/digests/unsent.eml && mv /srv/parpair/digests/unsent.eml /srv/parpair/digests/sent.eml; fi",
        ])

    /// The formats written when `--formats` is not given.
    static let defaultFormats: [ReportFormat] = [.markdown, .html, .csv]

    static func run(_ parsed: Arguments, console: Console) throws {
        let request = try DigestRequest(parsed, console: console)
        let stores = try StoreArguments.requests(parsed, console: console)
        var job = DigestJob(
            store: stores[0],
            options: request.aggregation.options, baby: request.aggregation.baby, week: request.week, redact: request.redact,
            folder: request.folder, formats: request.formats, mail: request.mail, toolVersion: ParPairCommand.version)
        job.moreStores = Array(stores.dropFirst())
        job.staleAfterDays = try parsed.value(OptionTable.staleAfter) ?? BackupAge.defaultDays
        job.csvDialect = try parsed.value(OptionTable.csvDialect)
        job.csvHeaders = try parsed.value(OptionTable.csvHeaders)
        job.phoneDefaults = request.aggregation.phoneDefaults
        job.language = try parsed.value(OptionTable.lang) ?? Language.from(environment: console.environment)
        if request.pdfFiles || request.attachPDF {
            let paper = try parsed.value(OptionTable.paper) ?? PDFRenderer.Paper.fromLocale(console.environment)
            job.pdf = PDFRenderer(engine: try parsed.value(OptionTable.pdfEngine) ?? .auto, paper: paper, environment: console.environment)
            if let seconds = try parsed.value(OptionTable.pdfTimeout) { job.pdf?.timeLimit = seconds }
            (job.pdfFiles, job.attachPDF) = (request.pdfFiles, request.attachPDF)
        }
        let outcome = try job.run()
        guard !request.quiet, !outcome.messageToStandardOutput else { return }
        let lines = outcome.written + outcome.skips
        if !lines.isEmpty { console.out(lines.joined(separator: "\n") + "\n") }
    }
}
