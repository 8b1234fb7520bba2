package dev.keypath.streams.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.keypath.streams.ChangeDecoder;
import dev.keypath.streams.ItemChange;
import dev.keypath.streams.UnreadableChangeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The change feed of a key-path table inside a Lambda function: decodes the records of a {@link DynamodbEvent}
 * (binary keys arrive as {@code ByteBuffer}s, decoded from the event's base64) with a {@link ChangeDecoder}, exactly
 * as records read through {@code DynamoDbStreamsClient}, and runs a handler per change.
 *
 * <pre>{@code
 * public class OnChange implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
 *     private static final LambdaChanges CHANGES = new LambdaChanges(ChangeDecoder.ofTypes(User.class, Post.class));
 *
 *     public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
 *         return CHANGES.handle(event, change -> index(change));
 *     }
 * }
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class LambdaChanges {
    private final ChangeDecoder decoder;

    /** Decodes with {@code decoder}. */
    public LambdaChanges(ChangeDecoder decoder) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    /** The SDK record with the same fields as Lambda's {@code record}: what {@link ChangeDecoder#decode} reads. */
    public static Record toRecord(DynamodbEvent.DynamodbStreamRecord record) {
        return LambdaRecords.toRecord(record);
    }

    /**
     * The change of one record; empty for an internal item left out.
     *
     * @throws UnreadableChangeException if the decoder's policy fails unreadable records and this one is
     */
    public Optional<ItemChange> decode(DynamodbEvent.DynamodbStreamRecord record) {
        return decoder.decode(LambdaRecords.toRecord(record));
    }

    /**
     * The changes of the event's records, in order.
     *
     * @throws UnreadableChangeException if the decoder's policy fails unreadable records and one is
     */
    public List<ItemChange> decode(DynamodbEvent event) {
        List<ItemChange> out = new ArrayList<>();
        for (DynamodbEvent.DynamodbStreamRecord r : records(event)) {
            decode(r).ifPresent(out::add);
        }
        return out;
    }

    /** {@link #handle(DynamodbEvent, ChangeHandler, BiConsumer)} without a failure listener. */
    public StreamsEventResponse handle(DynamodbEvent event, ChangeHandler handler) {
        return handle(event, handler, (record, failure) -> { });
    }

    /**
     * Decodes the records in order and hands each change to {@code handler}, stopping at the first record that
     * cannot be decoded or whose handler throws. The response names that record's sequence number as the batch's
     * only item failure, so that Lambda (with {@code ReportBatchItemFailures} on the event source mapping) checkpoints
     * the records before it and retries from it; with no failure the list is empty. A failing record without a
     * sequence number is reported with an empty identifier, which Lambda takes as the failure of the whole batch.
     *
     * @param onFailure told the failing record and why, before the response is returned (e.g. to log it)
     */
    public StreamsEventResponse handle(DynamodbEvent event, ChangeHandler handler,
            BiConsumer<DynamodbEvent.DynamodbStreamRecord, Exception> onFailure) {
        Objects.requireNonNull(handler, "handler");
        for (DynamodbEvent.DynamodbStreamRecord r : records(event)) {
            try {
                Optional<ItemChange> change = decode(r);
                if (change.isPresent()) {
                    handler.handle(change.get());
                }
            } catch (Exception e) {
                onFailure.accept(r, e);
                String seq = r == null || r.getDynamodb() == null ? null : r.getDynamodb().getSequenceNumber();
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(
                        seq == null ? "" : seq)));
            }
        }
        return new StreamsEventResponse(new ArrayList<>());
    }

    private static List<DynamodbEvent.DynamodbStreamRecord> records(DynamodbEvent event) {
        return event == null || event.getRecords() == null ? List.of() : event.getRecords();
    }
}
