package dev.keypath.cli;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.storage.KeyPathTableCreation;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * {@code keypath create-table}: creates a key-path table for a migration's target or an import with the adapter's
 * own bootstrap ({@link KeyPathTableCreation}), or checks that an existing one is a key-path table.
 */
@Command(name = "create-table",
        mixinStandardHelpOptions = true,
        description = {
            "Creates a key-path table: pk HASH and sk RANGE, both binary, TTL on _ttl, on-demand billing or "
            + "provisioned capacity, and optionally a DynamoDB stream; then waits until it is ACTIVE.",
            "",
            "It is the table an application's KeyPathTable.bootstrap() makes, without the secondary indexes its "
            + "item types declare: let the application's bootstrap add global indexes later, but create a table "
            + "whose types declare local indexes with the application's bootstrap, since DynamoDB makes local "
            + "indexes only with the table. Use it for the target of 'keypath migrate' or 'keypath import'.",
            "",
            "A table of that name that is already a key-path table is left as it is (its billing too) and gets TTL "
            + "and the stream if it lacks them; a table of that name with other keys is an error and is not "
            + "changed.",
        },
        footer = {"",
            "Standard output gets one line saying what was done; errors go to standard error as an 'error: ' line. "
            + "Credentials and region as for 'keypath scan'.",
            "",
            "Example: keypath create-table --endpoint http://localhost:8000 --table app-v2 --stream NEW_AND_OLD_IMAGES",
            "Example: keypath create-table --endpoint https://dynamodb.eu-west-1.amazonaws.com --table app-v2 "
            + "--billing provisioned --read-capacity 100 --write-capacity 400%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {"0:the table exists now, as a key-path table",
            "1:a table of that name has other keys, or the table could not be created (see the 'error: ' line)",
            Help.EXIT_USAGE})
final class CreateTableCommand implements Callable<Integer> {
    /** How the table is billed. */
    enum Billing {
        ON_DEMAND, PROVISIONED;

        @Override
        public String toString() {
            return DashedEnumConverter.text(this);
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ServiceEndpoint endpoint;

    @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table to create.")
    String table;

    @Option(names = "--billing", paramLabel = "MODE", converter = BillingConverter.class,
            description = "on-demand (the default) or provisioned (then --read-capacity and --write-capacity).")
    Billing billing = Billing.ON_DEMAND;

    @Option(names = "--read-capacity", paramLabel = "RCU",
            description = "Provisioned read capacity units (with --billing provisioned).")
    Long readCapacity;

    @Option(names = "--write-capacity", paramLabel = "WCU",
            description = "Provisioned write capacity units (with --billing provisioned).")
    Long writeCapacity;

    @Option(names = "--stream", paramLabel = "VIEW",
            description = "Enable the table's DynamoDB stream with this view type: NEW_IMAGE, OLD_IMAGE, "
                    + "NEW_AND_OLD_IMAGES or KEYS_ONLY (default: no stream).")
    StreamViewType stream;

    private final ScanClients clients;

    CreateTableCommand(ScanClients clients) {
        this.clients = clients;
    }

    @Override
    public Integer call() {
        endpoint.checked();
        ProvisionedThroughput throughput = throughput();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
            TableStatus status = KeyPathTableCreation.createOrCheck(client, table, stream, throughput);
            String what = "pk and sk binary, TTL on _ttl" + (stream == null ? "" : ", stream " + stream);
            if (status == TableStatus.CREATED) {
                out.println("created table '" + table + "': " + what + ", " + (throughput == null
                        ? "on-demand billing" : "provisioned " + readCapacity + " RCU and " + writeCapacity + " WCU"));
            } else {
                out.println("table '" + table + "' exists and is a key-path table: " + what
                        + " (its billing is left as it is)");
            }
            out.flush();
            return 0;
        } catch (KeyPathDynamoException e) { // another key schema, or a table that never became active
            err.println(InputLoop.ERROR_PREFIX + e.getMessage());
        } catch (SdkException e) {
            err.println(InputLoop.ERROR_PREFIX + "cannot create table '" + table + "' at " + endpoint + ": "
                    + e.getMessage());
        }
        err.flush();
        return 1;
    }

    /** The provisioned capacity asked for, or null for on-demand; a usage error when the options disagree. */
    private ProvisionedThroughput throughput() {
        if (billing == Billing.ON_DEMAND) {
            if (readCapacity != null || writeCapacity != null) {
                throw new ParameterException(spec.commandLine(), "--read-capacity and --write-capacity need "
                        + "--billing provisioned (an on-demand table has no provisioned capacity)");
            }
            return null;
        }
        if (readCapacity == null || writeCapacity == null || readCapacity < 1 || writeCapacity < 1) {
            throw new ParameterException(spec.commandLine(), "--billing provisioned needs --read-capacity and "
                    + "--write-capacity, each at least 1");
        }
        return ProvisionedThroughput.builder().readCapacityUnits(readCapacity).writeCapacityUnits(writeCapacity)
                .build();
    }

    /** Reads {@code on-demand} and {@code provisioned}. */
    static final class BillingConverter extends DashedEnumConverter<Billing> {
        BillingConverter() {
            super(Billing.class);
        }
    }
}
