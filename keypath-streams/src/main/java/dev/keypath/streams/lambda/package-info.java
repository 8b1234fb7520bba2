/**
 * The change feed of a key-path table in an AWS Lambda function triggered by its DynamoDB stream:
 * {@link dev.keypath.streams.lambda.LambdaChanges} turns a {@code DynamodbEvent} of {@code aws-lambda-java-events}
 * into the same {@link dev.keypath.streams.ItemChange}s a {@link dev.keypath.streams.ChangeFeedReader} gives, and
 * runs a handler per change, answering with the batch item failures Lambda's {@code ReportBatchItemFailures}
 * expects. Needs {@code com.amazonaws:aws-lambda-java-events} on the class path (an optional dependency).
 */
package dev.keypath.streams.lambda;
