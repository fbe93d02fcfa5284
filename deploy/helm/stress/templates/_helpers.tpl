{{/* Names are cut to 52 characters: a Job's pods carry the Job's name in a 63-character label. */}}
{{- define "stress.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 52 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "stress.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The run's name in the database, shared by the instances and the merge. */}}
{{- define "stress.runId" -}}
{{- default .Release.Name .Values.runId -}}
{{- end -}}

{{- define "stress.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "stress.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "stress.labels" -}}
{{ include "stress.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ include "stress.chart" . }}
{{- end -}}

{{- define "stress.resultsClaim" -}}
{{- printf "%s-results" (include "stress.fullname" .) -}}
{{- end -}}

{{/* Refusals before anything is created: each says which value and why. */}}
{{- define "stress.validate" -}}
{{- if not (regexMatch "^[1-9][0-9]*$" (toString .Values.instances)) -}}
{{- fail (printf "instances must be a whole number of 1 or more, not %v" .Values.instances) -}}
{{- end -}}
{{- if not (has .Values.antiAffinity (list "hard" "soft" "none")) -}}
{{- fail (printf "antiAffinity must be hard, soft or none, not %v" .Values.antiAffinity) -}}
{{- end -}}
{{- if not .Values.connection.secretName -}}
{{- fail "connection.secretName is empty: the database connection comes from a Secret (see values.yaml)" -}}
{{- end -}}
{{- range $arg := .Values.args -}}
{{- $a := toString $arg -}}
{{- if has $a (list "--run-id" "--instances" "--instance" "--barrier-timeout") -}}
{{- fail (printf "args: %s is set by the chart (runId, instances, barrierTimeout)" $a) -}}
{{- end -}}
{{- if regexMatch "(?i)password|^--url=.*@|^jdbc:.*password" $a -}}
{{- fail "args: no password on the command line (it would show in the pod spec): put it in the Secret as PGPASSWORD" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* libpq's variables from the Secret, then the user's extra environment. */}}
{{- define "stress.env" -}}
{{- $secret := .Values.connection.secretName -}}
{{- range $name, $key := .Values.connection.keys }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
{{- end }}
{{- range $name, $key := .Values.connection.optionalKeys }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
      optional: true
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "stress.podSpecCommon" -}}
restartPolicy: Never
# the pods never call the Kubernetes API
automountServiceAccountToken: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{- define "stress.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}
