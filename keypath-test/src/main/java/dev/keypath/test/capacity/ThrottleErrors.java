package dev.keypath.test.capacity;

import java.util.List;
import java.util.stream.Collectors;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The exceptions DynamoDB answers a call with when a partition is over its limit, with the fields it sets: the error
 * code the SDK's retry policy recognises as throttling, status 400, its message, and the throttling reason
 * ({@code <Table|Index><Read|Write>KeyRangeThroughputExceeded}) with the table's or index's ARN as resource.
 */
final class ThrottleErrors {
    static final String PROVISIONED_MESSAGE = "The level of configured provisioned throughput for the table was "
            + "exceeded. Consider increasing your provisioning level with the UpdateTable API.";
    static final String ON_DEMAND_MESSAGE = "Throughput exceeds the current capacity of your table or index. DynamoDB "
            + "is automatically scaling your table or index so please try again shortly. If exceptions persist, check "
            + "if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
            + "bp-partition-key-design.html";

    private final ThrottleError error;
    private final String account;

    ThrottleErrors(ThrottleError error, String account) {
        this.error = error;
        this.account = account;
    }

    /** The throttling reason DynamoDB sets for a partition over its read or write limit. */
    static String reason(PartitionId partition, Demand.Kind kind) {
        return (partition.isIndex() ? "Index" : "Table") + (kind == Demand.Kind.READ ? "Read" : "Write")
                + "KeyRangeThroughputExceeded";
    }

    /** The ARN DynamoDB names as the throttled resource. */
    String resource(Region region, PartitionId partition) {
        String table = "arn:aws:dynamodb:" + (region == null ? "us-east-1" : region.id()) + ":" + account + ":table/"
                + partition.table();
        return partition.isIndex() ? table + "/index/" + partition.index() : table;
    }

    /** The exception for a call refused on {@code partitions} (one for a single-item call or query). */
    AwsServiceException throttled(Region region, List<PartitionId> partitions, Demand.Kind kind) {
        List<ThrottlingReason> reasons = partitions.stream().map(p -> ThrottlingReason.builder()
                .reason(reason(p, kind)).resource(resource(region, p)).build()).collect(Collectors.toList());
        String message = error == ThrottleError.THROTTLING ? ON_DEMAND_MESSAGE : PROVISIONED_MESSAGE;
        String code = error == ThrottleError.THROTTLING ? "ThrottlingException" : "ProvisionedThroughputExceededException";
        AwsErrorDetails details = AwsErrorDetails.builder().errorCode(code).errorMessage(message)
                .serviceName("DynamoDb").sdkHttpResponse(SdkHttpResponse.builder().statusCode(400).build()).build();
        return error == ThrottleError.THROTTLING
                ? ThrottlingException.builder().message(message).statusCode(400).awsErrorDetails(details)
                        .throttlingReasons(reasons).build()
                : ProvisionedThroughputExceededException.builder().message(message).statusCode(400)
                        .awsErrorDetails(details).throttlingReasons(reasons).build();
    }

    /**
     * A transaction refused because some of its items' partitions are over their limit: DynamoDB cancels it with the
     * reason {@code ThrottlingError} for those items and {@code None} for the others.
     */
    TransactionCanceledException cancelled(List<Boolean> throttledItems) {
        List<CancellationReason> reasons = throttledItems.stream().map(t -> t
                ? CancellationReason.builder().code("ThrottlingError")
                        .message(error == ThrottleError.THROTTLING ? ON_DEMAND_MESSAGE : PROVISIONED_MESSAGE).build()
                : CancellationReason.builder().code("None").build()).collect(Collectors.toList());
        String message = "Transaction cancelled, please refer cancellation reasons for specific reasons "
                + reasons.stream().map(CancellationReason::code).collect(Collectors.joining(", ", "[", "]"));
        AwsErrorDetails details = AwsErrorDetails.builder().errorCode("TransactionCanceledException")
                .errorMessage(message).serviceName("DynamoDb")
                .sdkHttpResponse(SdkHttpResponse.builder().statusCode(400).build()).build();
        return TransactionCanceledException.builder().message(message).statusCode(400).awsErrorDetails(details)
                .cancellationReasons(reasons).build();
    }
}
