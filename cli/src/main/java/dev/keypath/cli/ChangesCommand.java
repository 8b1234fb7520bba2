package dev.keypath.cli;

import dev.keypath.streams.ChangeBatch;
import dev.keypath.streams.ChangeDecoder;
import dev.keypath.streams.ChangeFeedException;
import dev.keypath.streams.ChangeFeedReader;
import dev.keypath.streams.Checkpoint;
import dev.keypath.streams.ItemChange;
import dev.keypath.streams.StartPosition;
import dev.keypath.streams.UnreadablePolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@code keypath changes}: prints the changes in a key-path table's DynamoDB stream, one line each, with decoded
 * key paths; resumes from and keeps a checkpoint file; with {@code --follow} keeps reading.
 */
@Command(name = "changes",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the changes in the DynamoDB stream of a key-path table.",
            "",
            "One line per change, in stream order per shard (so in order per item): the kind (INSERT, MODIFY, "
            + "REMOVE), a tab, the key path, a tab, the item type (the _type attribute, '-' when the record carries "
            + "no image), a tab, and a JSON object: \"sequenceNumber\", \"approximateCreationTime\", \"expired\": "
            + "true for a removal by TTL, and \"old\" / \"new\", the images the stream's view type carries (their "
            + "attributes other than pk, sk and _type, in DynamoDB's typed JSON, binary as base64).",
            "Without --follow it prints what the stream holds and stops when a read finds nothing more; with "
            + "--follow it keeps waiting for changes until interrupted (Ctrl-C).",
            "Sequence-id counters and other keypath bookkeeping items are not printed.",
        },
        footer = {"",
            "A record that cannot be read (keys that are not a key path, say) gives a line "
            + "'error: SEQUENCE-NUMBER: PROBLEM' on standard error and reading goes on; standard output holds only "
            + "changes. A value DynamoDB Local streams without a type (its form of an empty map) is printed as the "
            + "empty map {\"M\":{}} it was.",
            "",
            "With --checkpoint FILE, reading resumes after the checkpoint in FILE (when it exists) and FILE is "
            + "rewritten after every batch printed, so the next run prints only what came after. A shard the "
            + "checkpoint has no position for is read from its oldest record.",
            "",
            "Credentials and region: as for 'keypath scan'. The stream is the table's newest one (ListStreams), "
            + "read through the streams API at the same endpoint.",
            "",
            "Example: keypath changes --endpoint http://localhost:8000 --table app --checkpoint app.checkpoint "
            + "--follow%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:every change was printed",
            "1:at least one record was unreadable (see its 'error: ' line on standard error), or the stream could "
                + "not be read",
            Help.EXIT_USAGE})
final class ChangesCommand implements Callable<Integer> {
    /** Where reading starts without a checkpoint. */
    enum From {
        TRIM_HORIZON, LATEST;

        @Override
        public String toString() {
            return DashedEnumConverter.text(this);
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table name.")
    String table;

    @Option(names = "--from", paramLabel = "WHERE", converter = FromConverter.class,
            description = "Where to start without a checkpoint: trim-horizon (the oldest record kept, the default) "
                    + "or latest (only changes from now on).")
    From from = From.TRIM_HORIZON;

    @Option(names = "--checkpoint", paramLabel = "FILE",
            description = "Resume after the checkpoint in FILE and keep it up to date.")
    Path checkpoint;

    @Option(names = "--follow", description = "Keep reading and printing changes until interrupted.")
    boolean follow;

    private final StreamsClients clients;

    ChangesCommand(StreamsClients clients) {
        this.clients = clients;
    }

    @Override
    public Integer call() {
        endpoint.checked();
        Checkpoint resume = readCheckpoint();
        PrintWriter err = spec.commandLine().getErr();
        ChangePrinter printer = new ChangePrinter(spec.commandLine().getOut(), err);
        try (DynamoDbStreamsClient client = clients.create(endpoint.uri(), endpoint.region())) {
            ChangeFeedReader reader = ChangeFeedReader.builder().client(client).tableName(table)
                    .decoder(ChangeDecoder.untyped().withUnreadable(UnreadablePolicy.FLAG))
                    .startAt(from == From.LATEST ? StartPosition.LATEST : StartPosition.TRIM_HORIZON)
                    .checkpoint(resume).build();
            if (follow) {
                reader.run(batch -> print(batch, printer));
            } else {
                ChangeBatch batch;
                do {
                    batch = reader.poll();
                    print(batch, printer);
                } while (!batch.isEmpty());
            }
        } catch (SdkException | ChangeFeedException | UncheckedIOException e) {
            printer.flush();
            err.println(InputLoop.ERROR_PREFIX + "cannot read the stream of table '" + table + "' at " + endpoint
                    + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        printer.flush();
        return printer.failed() ? 1 : 0;
    }

    private void print(ChangeBatch batch, ChangePrinter printer) {
        for (ItemChange change : batch.changes()) {
            printer.print(change);
        }
        printer.flush();
        if (checkpoint != null && !batch.isEmpty()) {
            writeCheckpoint(batch.checkpoint());
        }
    }

    private Checkpoint readCheckpoint() {
        if (checkpoint == null || !Files.exists(checkpoint)) {
            return null;
        }
        try {
            return Checkpoint.parse(Files.readString(checkpoint, StandardCharsets.UTF_8));
        } catch (IOException | ChangeFeedException e) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--checkpoint': cannot read "
                    + checkpoint + ": " + e.getMessage());
        }
    }

    /** Replaces the file in one step, so an interrupted run leaves the old checkpoint or the new one. */
    private void writeCheckpoint(Checkpoint c) {
        try {
            Path dir = checkpoint.toAbsolutePath().getParent();
            Path temp = Files.createTempFile(dir, ".keypath-checkpoint", ".tmp");
            Files.writeString(temp, c + "\n", StandardCharsets.UTF_8);
            Files.move(temp, checkpoint, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint file " + checkpoint, e);
        }
    }

    /** Reads {@code trim-horizon} and {@code latest}. */
    static final class FromConverter extends DashedEnumConverter<From> {
        FromConverter() {
            super(From.class);
        }
    }
}
