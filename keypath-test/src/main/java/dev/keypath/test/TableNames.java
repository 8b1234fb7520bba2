package dev.keypath.test;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the tables one run makes: {@code <prefix>-<run start, UTC>-<run id>-<hint>-<n>}, e.g.
 * {@code kp-20300101t120000-x7k2-PostsTest-3}. The run's start and its random id keep two runs on one endpoint
 * apart; the start also tells, from the name alone, how old a run's leftover tables are. Thread-safe.
 */
final class TableNames {
    static final String DEFAULT_PREFIX = "kp";
    private static final int MAX_HINT_LENGTH = 200;
    private static final int RUN_ID_LENGTH = 4;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss");
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    private final String prefix;
    private final Instant runStart;
    private final String run;
    private final Pattern ours;
    private final AtomicInteger counter = new AtomicInteger();

    TableNames(String prefix, Instant runStart, String runId) {
        if (!prefix.matches("[A-Za-z0-9_.]{1,20}")) {
            throw new IllegalArgumentException("System property " + TestDynamoDb.TABLE_PREFIX_PROPERTY + "='" + prefix
                    + "' must be 1 to 20 letters, digits, '_' or '.'");
        }
        this.prefix = prefix;
        this.runStart = runStart.truncatedTo(ChronoUnit.SECONDS);
        this.run = prefix + "-" + STAMP.format(this.runStart.atOffset(ZoneOffset.UTC)).toLowerCase() + "-" + runId;
        this.ours = Pattern.compile(Pattern.quote(prefix) + "-(\\d{8}t\\d{6})-[a-z0-9]{" + RUN_ID_LENGTH + "}-.+");
    }

    /** The names of this JVM's run: the prefix of {@value TestDynamoDb#TABLE_PREFIX_PROPERTY}, started now. */
    static TableNames forThisRun() {
        String prefix = System.getProperty(TestDynamoDb.TABLE_PREFIX_PROPERTY, DEFAULT_PREFIX).trim();
        SecureRandom random = new SecureRandom();
        StringBuilder id = new StringBuilder();
        for (int i = 0; i < RUN_ID_LENGTH; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return new TableNames(prefix, Instant.now(), id.toString());
    }

    /** When this run started (to the second). */
    Instant runStart() {
        return runStart;
    }

    /** A name not used before by this run, made of the hint's letters, digits, {@code _ . -} and a counter. */
    String unique(String hint) {
        String clean = hint.replaceAll("[^A-Za-z0-9_.-]", "");
        if (clean.length() > MAX_HINT_LENGTH) {
            clean = clean.substring(0, MAX_HINT_LENGTH);
        }
        return run + "-" + clean + "-" + counter.incrementAndGet();
    }

    /** Whether {@code table} is a name of this run. */
    boolean ofThisRun(String table) {
        return table.startsWith(run + "-");
    }

    /**
     * When the run that made {@code table} started, if the name is one of ours (this prefix, a run start and a run
     * id); empty for every other table.
     */
    Optional<Instant> startOfRunThatMade(String table) {
        Matcher m = ours.matcher(table);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(m.group(1).toUpperCase(), STAMP).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether {@code table} was left by another run that started more than {@code staleAfter} before this one: one of
     * ours, not of this run, and old enough that its run is taken to have ended.
     */
    boolean leftOver(String table, Duration staleAfter) {
        return !ofThisRun(table) && startOfRunThatMade(table)
                .filter(start -> start.isBefore(runStart.minus(staleAfter))).isPresent();
    }
}
