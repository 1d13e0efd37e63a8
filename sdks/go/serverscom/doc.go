// Pulumi provider for the servers.com public infrastructure API: dedicated and SBM servers, RBS volumes, cloud instances, Kubernetes clusters, with a local API simulator.
package serverscom
