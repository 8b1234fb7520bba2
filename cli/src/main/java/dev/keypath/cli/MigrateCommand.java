package dev.keypath.cli;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.migrate.CheckpointStore;
import dev.keypath.migrate.MappingDeclarationException;
import dev.keypath.migrate.Migration;
import dev.keypath.migrate.MigrationMapping;
import dev.keypath.migrate.MigrationPlan;
import dev.keypath.migrate.MigrationRun;
import dev.keypath.migrate.MigrationVerification;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keypath migrate plan|run|verify}: moves a string-keyed table into a key-path table with the
 * keypath-migrate library; this class only reads the options, prints the reports and maps failures to exit codes.
 */
@Command(name = "migrate",
        mixinStandardHelpOptions = true,
        synopsisSubcommandLabel = "(plan | run | verify | rewrite)",
        description = {
            "Moves a table with string keys such as USER#<id> / POST#<n> into a key-path table.",
            "",
            "plan: a dry run that reads the source and writes nothing: items per entity, items no entity matches "
            + "and items that cannot move (with examples), collisions, key sizes before and after, capacity.",
            "run: copies the mapped items into the target in parallel scan segments, within the capacity budgets, "
            + "recording each segment's progress in the checkpoint file so a stopped run resumes where it stopped. "
            + "A second source item of a key path already written, in any page, segment or run, is a collision: it "
            + "is not written, and counted.",
            "verify: compares the two tables: counts, and per item a checksum of the target item against the source "
            + "item as it is (its attributes under their new names), collisions and items that cannot move.",
            "rewrite: rewrites the items of one item type of a key-path table in their current form (see "
            + "'keypath migrate rewrite --help').",
            "reshard: moves the items of one sharded item type of a key-path table from its former shard count to its "
            + "new one (see 'keypath migrate reshard --help').",
            "",
            "Every phase first checks that the target exists and is a key-path table (pk and sk binary; "
            + "'keypath create-table' makes one). An item with an attribute named like one keypath keeps (pk, sk, "
            + "_type, _ttl, _kp_..., the target's index keys) cannot move until the mapping renames or drops it.",
        },
        footer = {"",
            "The mapping file is JSON: {\"drop\": [\"GSI1PK\"], \"rename\": {\"_type\": \"legacyType\"}, "
            + "\"entities\": [{\"name\": \"post\", \"pk\": \"USER#{userId:uuid}\", \"sk\": \"POST#{postId:int}\", "
            + "\"keyPath\": \"/user-{userId}/post-{postId}\", \"type\": \"Post\"}]} (see docs/MIGRATING.md).",
            "The report goes to standard output; progress goes to standard error every 2 seconds, and so do errors, "
            + "as 'error: ' lines. Credentials and region as for 'keypath scan'.",
            "",
            "Example: keypath migrate run --endpoint http://localhost:8000 --source app-v1 --target app-v2 "
            + "--mapping mapping.json --segments 8 --write-capacity 500 --checkpoint migrate.json%n"},
        subcommands = {MigrateCommand.Plan.class, MigrateCommand.Run.class, MigrateCommand.Verify.class,
            MigrateRewriteCommand.class, MigrateReshardCommand.class})
final class MigrateCommand implements Callable<Integer> {
    static final String EXIT_MAPPING = "2:usage error, or the mapping file is not valid (the message names the "
            + "entity, the field and the position)";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing required subcommand: plan, run, verify, rewrite or reshard");
    }

    /** The options every phase takes. */
    static final class Options {
        @Spec(Spec.Target.MIXEE)
        CommandSpec spec;

        @Mixin
        ServiceEndpoint endpoint;

        @Option(names = "--source", required = true, paramLabel = "TABLE", description = "The string-keyed table.")
        String source;

        @Option(names = "--target", required = true, paramLabel = "TABLE",
                description = "The key-path table (pk/sk binary); it must exist.")
        String target;

        @Option(names = "--mapping", required = true, paramLabel = "FILE", description = "The mapping (JSON).")
        Path mapping;

        @Mixin
        RunBudget budget;

        @Option(names = "--page-size", paramLabel = "ITEMS", defaultValue = "500",
                description = "Items per page of a run's scan: the checkpoint's step (default: ${DEFAULT-VALUE}).")
        int pageSize;

        @Option(names = "--checkpoint", paramLabel = "FILE",
                description = "run: the checkpoint file, created or resumed (without it, a stopped run starts over).")
        Path checkpoint;

        /** Builds the migration, runs {@code phase}, prints its report; {@code problem} says what is wrong, or null. */
        <R> int execute(ScanClients clients, Function<Migration, R> phase, Function<R, String> report,
                        Function<R, String> problem) {
            endpoint.checked();
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            MigrationMapping declared;
            try {
                declared = MigrationMapping.read(mapping);
            } catch (MappingDeclarationException e) {
                err.println(InputLoop.ERROR_PREFIX + mapping + ": " + e.getMessage());
                err.flush();
                return 2;
            }
            try (DynamoDbClient client = clients.create(endpoint.uri(), endpoint.region())) {
                Migration.Builder builder;
                try {
                    builder = Migration.builder().client(client).source(source).target(target).mapping(declared)
                            .segments(budget.segments).pageSize(pageSize).readCapacity(budget.readCapacity)
                            .writeCapacity(budget.writeCapacity);
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
                if (checkpoint != null) {
                    builder.checkpoint(CheckpointStore.file(checkpoint));
                }
                builder.progress(s -> {
                    err.println(s.line());
                    err.flush();
                }, Duration.ofSeconds(2));
                R result = phase.apply(builder.build());
                out.print(report.apply(result));
                out.flush();
                String wrong = problem.apply(result);
                if (wrong == null) {
                    return 0;
                }
                err.println(InputLoop.ERROR_PREFIX + wrong);
                err.flush();
                return 1;
            } catch (KeyPathDynamoException e) { // a missing or string-keyed target, a checkpoint of another
                                                 // migration, a batch deadline
                err.println(InputLoop.ERROR_PREFIX + e.getMessage());
                err.flush();
                return 1;
            } catch (SdkException | java.io.UncheckedIOException e) {
                err.println(InputLoop.ERROR_PREFIX + "migration from '" + source + "' to '" + target + "' at "
                        + endpoint + " failed: " + e.getMessage());
                err.flush();
                return 1;
            }
        }
    }

    /** {@code keypath migrate plan}. */
    @Command(name = "plan", mixinStandardHelpOptions = true,
            description = "Dry run: reads the source, maps every item, writes nothing, and prints what a run would do.",
            exitCodeListHeading = Help.EXIT_HEADING,
            exitCodeList = {"0:every mapped item moves to a key path of its own (unmatched items are only listed)",
                "1:collisions or items that cannot move were found, or a table could not be read", EXIT_MAPPING})
    static final class Plan implements Callable<Integer> {
        @Mixin
        Options options;

        private final ScanClients clients;

        Plan() {
            this(ScanClients.DEFAULT);
        }

        Plan(ScanClients clients) {
            this.clients = clients;
        }

        @Override
        public Integer call() {
            return options.execute(clients, Migration::plan, MigrationPlan::describe,
                    p -> p.collisions() == 0 && p.invalid() == 0 ? null : p.collisions() + " collisions and "
                            + p.invalid() + " items that cannot move (see the report)");
        }
    }

    /** {@code keypath migrate run}. */
    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Copies the mapped items into the target; resumes from --checkpoint when it exists.",
            exitCodeListHeading = Help.EXIT_HEADING,
            exitCodeList = {"0:every segment is done and every item the mapping covers was written",
                "1:collisions or items that cannot move were left behind (counted in the report and the 'error: ' "
                    + "line), or the run stopped (a missing or string-keyed target, a checkpoint of another "
                    + "migration, a table error)",
                EXIT_MAPPING})
    static final class Run implements Callable<Integer> {
        @Mixin
        Options options;

        private final ScanClients clients;

        Run() {
            this(ScanClients.DEFAULT);
        }

        Run(ScanClients clients) {
            this.clients = clients;
        }

        @Override
        public Integer call() {
            return options.execute(clients, Migration::run, MigrationRun::describe, r -> r.complete() ? null
                    : r.collisions() + " collisions (not written) and " + r.invalid()
                    + " items that cannot move were left behind");
        }
    }

    /** {@code keypath migrate verify}. */
    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Compares the target with the source as it is: counts, collisions, items that cannot move "
                    + "and checksums.",
            exitCodeListHeading = Help.EXIT_HEADING,
            exitCodeList = {"0:clean: the target holds exactly the mapped items, each as expected",
                "1:items are missing, different, extra, collided or cannot move, or a table could not be read",
                EXIT_MAPPING})
    static final class Verify implements Callable<Integer> {
        @Mixin
        Options options;

        private final ScanClients clients;

        Verify() {
            this(ScanClients.DEFAULT);
        }

        Verify(ScanClients clients) {
            this.clients = clients;
        }

        @Override
        public Integer call() {
            return options.execute(clients, Migration::verify, MigrationVerification::describe,
                    v -> v.clean() ? null : "the target is not clean (see the report)");
        }
    }
}
