package dev.keypath.streams;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Reads the DynamoDB stream of a key-path table as typed changes, resuming from a {@link Checkpoint}.
 *
 * <p>Each {@link #poll()} is one round: it learns the stream's shards ({@code DescribeStream}, again after a shard
 * ends and every {@link Builder#shardRefresh refresh interval}), then reads the next records of every shard it may
 * read ({@code GetShardIterator} once, then {@code GetRecords} with the iterator each read returns). A shard is
 * read only once its parent has been read to its end, so after DynamoDB splits a shard the changes of one key still
 * come out in the order they were made. A shard without a next iterator has ended and is marked finished.
 *
 * <pre>{@code
 * ChangeFeedReader reader = ChangeFeedReader.builder().client(streams).tableName("app")
 *         .decoder(ChangeDecoder.forTable(table)).checkpoint(saved).build();
 * reader.run(batch -> {
 *     batch.changes().forEach(this::apply);
 *     store(batch.checkpoint());
 * });
 * }</pre>
 *
 * <p>{@link #run} and {@link #stream()} poll until {@link #stop()} or until a disabled stream has been read to its
 * end, waiting after an empty round (from {@link Builder#pollDelay min} doubling to max). A record the decoder
 * cannot read fails the round (an {@link UnreadableChangeException}) and the reader stays before it. Not
 * thread-safe, except {@link #stop()}, which any thread may call.
 */
public final class ChangeFeedReader {
    private final DynamoDbStreamsClient client;
    private final String streamArn;
    private final ChangeDecoder decoder;
    private final StartPosition startAt;
    private final Checkpoint resumeFrom;
    private final Duration minDelay;
    private final Duration maxDelay;
    private final Duration shardRefresh;
    private final int limit;
    private final Map<String, ShardState> shards = new LinkedHashMap<>();
    private final Object sleep = new Object();
    private volatile boolean stopped;
    private boolean described;
    private boolean refreshDue = true;
    private long lastRefreshNanos;
    private boolean streamDisabled;

    private ChangeFeedReader(Builder b) {
        this.client = Objects.requireNonNull(b.client, "client");
        this.decoder = Objects.requireNonNull(b.decoder, "decoder");
        this.startAt = b.startAt;
        this.resumeFrom = b.checkpoint;
        this.minDelay = b.minDelay;
        this.maxDelay = b.maxDelay;
        this.shardRefresh = b.shardRefresh;
        this.limit = b.limit;
        String arn = b.streamArn;
        if (arn == null && b.tableName != null) {
            arn = latestStream(client, b.tableName);
        }
        if (arn == null && resumeFrom != null) {
            arn = resumeFrom.streamArn();
        }
        if (arn == null) {
            throw new IllegalArgumentException("Set the stream ARN, the table name or a checkpoint");
        }
        if (resumeFrom != null && !resumeFrom.streamArn().equals(arn)) {
            throw new ChangeFeedException("The checkpoint is of stream " + resumeFrom.streamArn() + ", but the reader "
                    + "reads " + arn + " (a stream disabled and enabled again is a new stream: start it afresh)",
                    null);
        }
        this.streamArn = arn;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The ARN of the stream read. */
    public String streamArn() {
        return streamArn;
    }

    /**
     * Reads the next records of every shard that may be read now, once each, and decodes them.
     *
     * @throws UnreadableChangeException if the decoder fails a record; the reader stays before that round
     * @throws ChangeFeedException if records were trimmed before they were read
     */
    public ChangeBatch poll() {
        refreshIfDue();
        List<ItemChange> changes = new ArrayList<>();
        List<Runnable> commits = new ArrayList<>();
        int records = 0;
        for (ShardState s : readableShards()) {
            String iterator = s.iterator != null ? s.iterator : iterator(s);
            if (iterator == null) {
                commits.add(() -> finish(s));
                continue;
            }
            GetRecordsResponse response;
            try {
                response = client.getRecords(r -> r.shardIterator(iterator).limit(limit));
            } catch (ExpiredIteratorException e) {
                commits.add(() -> s.iterator = null);
                continue;
            } catch (TrimmedDataAccessException e) {
                throw trimmed(s, e);
            }
            String last = s.lastSequenceNumber;
            for (Record record : response.records()) {
                Optional<ItemChange> change = decoder.decode(record);
                change.ifPresent(changes::add);
                records++;
                String seq = record.dynamodb() == null ? null : record.dynamodb().sequenceNumber();
                if (seq != null && !seq.isBlank()) {
                    last = seq;
                }
            }
            String next = response.nextShardIterator();
            String lastRead = last;
            commits.add(() -> {
                s.lastSequenceNumber = lastRead;
                s.iterator = next;
                if (next == null) {
                    finish(s);
                }
            });
        }
        commits.forEach(Runnable::run);
        return new ChangeBatch(changes, checkpoint(), records);
    }

    /**
     * Polls and hands every round that read records to {@code handler} until {@link #stop()} or the end of a
     * disabled stream; waits between empty rounds. An exception from the handler or the reader ends the loop.
     */
    public void run(Consumer<ChangeBatch> handler) {
        Duration delay = minDelay;
        while (!stopped && !isFinished()) {
            ChangeBatch batch;
            try {
                batch = poll();
            } catch (LimitExceededException e) {
                batch = null; // the stream's read limit: wait as after an empty round
            }
            if (batch != null && !batch.isEmpty()) {
                handler.accept(batch);
                delay = minDelay;
            } else {
                pause(delay);
                delay = delay.multipliedBy(2).compareTo(maxDelay) > 0 ? maxDelay : delay.multipliedBy(2);
            }
        }
    }

    /**
     * The rounds that read records, as {@link #run} would hand them out; the stream ends at {@link #stop()} or the
     * end of a disabled stream. Sequential; consume it on one thread.
     */
    public Stream<ChangeBatch> stream() {
        Spliterator<ChangeBatch> batches = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE,
                Spliterator.ORDERED | Spliterator.NONNULL) {
            private Duration delay = minDelay;

            @Override
            public boolean tryAdvance(Consumer<? super ChangeBatch> action) {
                while (!stopped && !isFinished()) {
                    ChangeBatch batch = poll();
                    if (!batch.isEmpty()) {
                        delay = minDelay;
                        action.accept(batch);
                        return true;
                    }
                    pause(delay);
                    delay = delay.multipliedBy(2).compareTo(maxDelay) > 0 ? maxDelay : delay.multipliedBy(2);
                }
                return false;
            }
        };
        return StreamSupport.stream(batches, false);
    }

    /** Makes {@link #run} and {@link #stream()} end after the round in progress, waking a waiting reader. */
    public void stop() {
        stopped = true;
        synchronized (sleep) {
            sleep.notifyAll();
        }
    }

    /** True once the stream is disabled and every shard has been read to its end. */
    public boolean isFinished() {
        return described && streamDisabled && shards.values().stream().allMatch(s -> s.finished);
    }

    /** Where the reader is: resuming from this checkpoint reads what follows the last batch handed out. */
    public Checkpoint checkpoint() {
        Map<String, String> seqs = new TreeMap<>();
        Set<String> finished = new HashSet<>();
        for (ShardState s : shards.values()) {
            if (s.finished) {
                finished.add(s.shardId);
            } else if (s.lastSequenceNumber != null) {
                seqs.put(s.shardId, s.lastSequenceNumber);
            }
        }
        if (!described && resumeFrom != null) {
            return resumeFrom;
        }
        return Checkpoint.of(streamArn, seqs, finished);
    }

    private void finish(ShardState s) {
        s.finished = true;
        s.iterator = null;
        refreshDue = true; // its children may be readable now
    }

    /** Shards not finished whose parent is finished or no longer in the stream (trimmed), oldest first. */
    private List<ShardState> readableShards() {
        List<ShardState> out = new ArrayList<>();
        for (ShardState s : shards.values()) {
            if (s.finished) {
                continue;
            }
            ShardState parent = s.parentId == null ? null : shards.get(s.parentId);
            if (parent == null || parent.finished) {
                out.add(s);
            }
        }
        return out;
    }

    private String iterator(ShardState s) {
        try {
            if (s.lastSequenceNumber != null) {
                return client.getShardIterator(r -> r.streamArn(streamArn).shardId(s.shardId)
                        .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                        .sequenceNumber(s.lastSequenceNumber)).shardIterator();
            }
            return client.getShardIterator(r -> r.streamArn(streamArn).shardId(s.shardId)
                    .shardIteratorType(s.start)).shardIterator();
        } catch (TrimmedDataAccessException e) {
            throw trimmed(s, e);
        } catch (ResourceNotFoundException e) {
            if (s.lastSequenceNumber != null) {
                throw trimmed(s, e);
            }
            return null; // the shard is gone before anything was read from it: nothing to read
        }
    }

    private ChangeFeedException trimmed(ShardState s, RuntimeException cause) {
        return new ChangeFeedException("Records of shard " + s.shardId + " of stream " + streamArn
                + (s.lastSequenceNumber == null ? "" : " after sequence number " + s.lastSequenceNumber)
                + " were trimmed before they were read (a stream keeps records 24 hours); resume without this "
                + "shard's entry to read what is left", cause);
    }

    private void refreshIfDue() {
        if (!refreshDue && System.nanoTime() - lastRefreshNanos < shardRefresh.toNanos()) {
            return;
        }
        List<Shard> found = new ArrayList<>();
        StreamStatus status = null;
        String after = null;
        do {
            String start = after;
            DescribeStreamResponse page = client.describeStream(r -> r.streamArn(streamArn)
                    .exclusiveStartShardId(start));
            StreamDescription d = page.streamDescription();
            status = d.streamStatus();
            found.addAll(d.shards());
            after = d.lastEvaluatedShardId();
        } while (after != null);
        Set<String> present = new HashSet<>();
        for (Shard shard : found) {
            present.add(shard.shardId());
            shards.computeIfAbsent(shard.shardId(), id -> discovered(shard));
        }
        shards.values().removeIf(s -> s.finished && !present.contains(s.shardId));
        streamDisabled = status == StreamStatus.DISABLED || status == StreamStatus.DISABLING;
        described = true;
        refreshDue = false;
        lastRefreshNanos = System.nanoTime();
    }

    /** The state of a shard seen for the first time, from the checkpoint or the start position. */
    private ShardState discovered(Shard shard) {
        boolean first = !described;
        boolean closed = shard.sequenceNumberRange() != null
                && shard.sequenceNumberRange().endingSequenceNumber() != null;
        ShardIteratorType start = ShardIteratorType.TRIM_HORIZON;
        if (first && resumeFrom == null && startAt == StartPosition.LATEST) {
            start = ShardIteratorType.LATEST;
        }
        ShardState s = new ShardState(shard.shardId(), shard.parentShardId(), start);
        if (resumeFrom != null && first) {
            s.finished = resumeFrom.isFinished(shard.shardId());
            s.lastSequenceNumber = resumeFrom.sequenceNumber(shard.shardId()).orElse(null);
        } else if (start == ShardIteratorType.LATEST && closed) {
            s.finished = true; // nothing will follow the end of a closed shard
        }
        return s;
    }

    private void pause(Duration delay) {
        synchronized (sleep) {
            if (stopped) {
                return;
            }
            try {
                sleep.wait(Math.max(1, delay.toMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            }
        }
    }

    /** The ARN of the newest stream of {@code table}. */
    private static String latestStream(DynamoDbStreamsClient client, String table) {
        List<software.amazon.awssdk.services.dynamodb.model.Stream> all = new ArrayList<>();
        String after = null;
        do {
            String start = after;
            var page = client.listStreams(r -> r.tableName(table).exclusiveStartStreamArn(start));
            all.addAll(page.streams());
            after = page.lastEvaluatedStreamArn();
        } while (after != null);
        return all.stream().filter(s -> table.equals(s.tableName()))
                .max(Comparator.comparing(s -> s.streamLabel() == null ? "" : s.streamLabel()))
                .map(software.amazon.awssdk.services.dynamodb.model.Stream::streamArn)
                .orElseThrow(() -> new ChangeFeedException("Table " + table + " has no stream: enable one "
                        + "(the table builder's streams(viewType) before bootstrap, or UpdateTable)", null));
    }

    /** Builder of a {@link ChangeFeedReader}. Not thread-safe. */
    public static final class Builder {
        private DynamoDbStreamsClient client;
        private String streamArn;
        private String tableName;
        private ChangeDecoder decoder;
        private StartPosition startAt = StartPosition.TRIM_HORIZON;
        private Checkpoint checkpoint;
        private Duration minDelay = Duration.ofMillis(200);
        private Duration maxDelay = Duration.ofSeconds(5);
        private Duration shardRefresh = Duration.ofSeconds(30);
        private int limit = 1000;

        private Builder() {
        }

        /** The streams client (required): {@code DynamoDbStreamsClient.builder()…build()}. */
        public Builder client(DynamoDbStreamsClient client) {
            this.client = client;
            return this;
        }

        /** The stream to read; or give {@link #tableName} or a {@link #checkpoint}. */
        public Builder streamArn(String streamArn) {
            this.streamArn = streamArn;
            return this;
        }

        /** Reads the newest stream of this table ({@code ListStreams}). */
        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        /** How records become changes (required), e.g. {@link ChangeDecoder#forTable}. */
        public Builder decoder(ChangeDecoder decoder) {
            this.decoder = decoder;
            return this;
        }

        /** Where to start without a checkpoint; {@link StartPosition#TRIM_HORIZON} by default. */
        public Builder startAt(StartPosition startAt) {
            this.startAt = Objects.requireNonNull(startAt, "startAt");
            return this;
        }

        /**
         * Resumes after this checkpoint: each shard after its sequence number, shards it lists as finished not at
         * all, shards it does not list from their oldest record. Null to start at {@link #startAt}.
         */
        public Builder checkpoint(Checkpoint checkpoint) {
            this.checkpoint = checkpoint;
            return this;
        }

        /** The wait after an empty round: {@code min} (200 ms by default), doubling up to {@code max} (5 s). */
        public Builder pollDelay(Duration min, Duration max) {
            if (min.isNegative() || min.isZero() || max.compareTo(min) < 0) {
                throw new IllegalArgumentException("Poll delays need 0 < min <= max, got " + min + " and " + max);
            }
            this.minDelay = min;
            this.maxDelay = max;
            return this;
        }

        /** How often the shards are listed again while none ends (30 s by default). */
        public Builder shardRefresh(Duration interval) {
            if (interval.isNegative()) {
                throw new IllegalArgumentException("The shard refresh interval is negative: " + interval);
            }
            this.shardRefresh = interval;
            return this;
        }

        /** Records asked for per {@code GetRecords} (1 to 1000, 1000 by default). */
        public Builder recordsPerRead(int limit) {
            if (limit < 1 || limit > 1000) {
                throw new IllegalArgumentException("GetRecords takes 1 to 1000 records, got " + limit);
            }
            this.limit = limit;
            return this;
        }

        /**
         * Builds the reader; with a table name, looks up its stream.
         *
         * @throws ChangeFeedException if the table has no stream or the checkpoint is of another stream
         */
        public ChangeFeedReader build() {
            return new ChangeFeedReader(this);
        }
    }
}
